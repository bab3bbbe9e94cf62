/**
 * How much slower this machine is, at the start of the run, than the idle 2-core machine the
 * suite's time budgets were set on (ADR 0204). Every budget (the test timeout, the expect
 * timeout, a long test's own `test.setTimeout`) is multiplied by it, so a busy laptop (a second
 * `npm test` in another clone) gets the time it needs, and an idle one keeps the tight budgets
 * that catch a hang early.
 *
 * The runner measures it once (playwright.config.ts) and hands it to its workers in
 * `E2E_SLOWNESS`, as it does the port; set `E2E_SLOWNESS` yourself to skip the measurement.
 */

import { availableParallelism, loadavg } from 'node:os';

/** Iterations of the calibration loop: about 100 ms of one core on the reference machine. */
const ITERATIONS = 50_000_000;
/** The loop's time on the reference machine, idle (its CPU time there: 100 to 110 ms). */
export const REFERENCE_MS = 100;
/** Never tighter than the reference's budgets; never so long that a hang takes an hour. */
export const SLOWNESS_RANGE = { min: 1, max: 6 } as const;

/** Wall time of a fixed CPU-bound loop (xorshift): it grows with a slower or a busier CPU. */
function calibrationMs(): number {
  const start = performance.now();
  let x = 2463534242;
  for (let i = 0; i < ITERATIONS; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
  }
  const ms = performance.now() - start;
  // Read x, so the loop cannot be optimised away (xorshift never reaches 0 from a non-zero seed).
  return x === 0 ? Number.NaN : ms;
}

export function clampSlowness(factor: number): number {
  if (!Number.isFinite(factor)) return SLOWNESS_RANGE.max;
  return Math.min(SLOWNESS_RANGE.max, Math.max(SLOWNESS_RANGE.min, factor));
}

/**
 * The factor: the larger of two measurements, one decimal.
 * - The calibration loop, three runs back to back (about 0.3 s idle), their mean against the
 *   reference: a slower CPU, or one that other processes keep busy.
 * - The load average per core, the larger of the 1- and 5-minute ones: work queued on the
 *   machine, processes waiting on the disk among it (a second suite's databases), which a CPU
 *   loop that fits in its time slices does not feel. The 5-minute one keeps a lull between two
 *   busy spells from reading as idle: the run lasts minutes. 0 where the system has none
 *   (Windows).
 */
export function measureSlowness(): { factor: number; ms: number; loadPerCore: number } {
  const runs = [calibrationMs(), calibrationMs(), calibrationMs()];
  const ms = runs.reduce((sum, run) => sum + run, 0) / runs.length;
  const [oneMinute = 0, fiveMinutes = 0] = loadavg();
  const loadPerCore = Math.max(oneMinute, fiveMinutes) / Math.max(1, availableParallelism());
  const factor = clampSlowness(Math.max(ms / REFERENCE_MS, loadPerCore));
  return { factor: Math.round(factor * 10) / 10, ms, loadPerCore };
}

/** This run's factor (1 where none was measured or set). */
export function slowness(): number {
  const factor = Number(process.env.E2E_SLOWNESS);
  return Number.isFinite(factor) && factor >= 1 ? factor : 1;
}

/** A time budget of the reference machine, for this run. */
export function scaled(ms: number): number {
  return Math.round(ms * slowness());
}
