/**
 * How much slower this machine is right now than a quiet reference machine, measured by timing
 * a fixed CPU-bound task (the median of five runs): 1 on a quiet 2-core machine, more when the
 * machine is busy (another test run beside this one). Timing bounds in tests are multiplied by
 * it, so that they hold on a busy machine and still catch a hang or a blow-up.
 */
const REFERENCE_MS = 15;

function task(): number {
  let x = 0;
  for (let i = 0; i < 2_000_000; i++) x = (x * 31 + i) % 1_000_003;
  return x;
}

export function measureSlowness(): number {
  task(); // warm-up: the first run compiles
  const times: number[] = [];
  for (let run = 0; run < 5; run++) {
    const start = performance.now();
    task();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const median = times[2] as number;
  return Math.min(8, Math.max(1, median / REFERENCE_MS));
}
