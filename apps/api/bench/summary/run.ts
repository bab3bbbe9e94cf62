/**
 * `pnpm bench:summary`: quality of the built-in summarizer against Lead-3 and plain TextRank on
 * the hand-written evaluation set (ROUGE-1/2/L F-scores, ms per note), then its speed at 1,000 and
 * 20,000 words and its heap use over 10,000 calls.
 *
 *   pnpm bench:summary            # everything
 *   pnpm bench:summary --quality  # only the table
 *   pnpm bench:summary --speed    # only the speed and memory figures
 *   pnpm bench:summary --show     # also print every summary next to its reference
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { summarizeText } from '../../src/summarizer/builtin/summarize';
import { lead3, textRank } from './baselines';
import { loadEvalSet } from './eval-set';
import { type RougeScores, rouge } from './rouge';

const here = dirname(fileURLToPath(import.meta.url));
const args = new Set(process.argv.slice(2));
const runQuality = !args.has('--speed');
const runSpeed = !args.has('--quality');

const systems: [string, (text: string) => string][] = [
  ['builtin', summarizeText],
  ['lead-3', lead3],
  ['textrank', (t) => textRank(t)],
];

const notes = loadEvalSet(join(here, 'eval'));

function pct(x: number): string {
  return (100 * x).toFixed(2).padStart(6);
}

function quality(): void {
  const kinds = [...new Set(notes.map((n) => n.kind))].sort();
  console.log(
    `Quality: ${notes.length} hand-written notes (apps/api/bench/summary/eval), ROUGE F1 x100, stemmed\n`,
  );
  console.log('system      R1      R2      RL   ms/note');
  const perKind = new Map<string, Map<string, number[]>>();
  for (const [name, fn] of systems) {
    // One untimed pass first, so the times below are not the JIT compiler's.
    for (const note of notes) fn(note.text);
    const totals = { r1: 0, r2: 0, rl: 0 };
    let elapsed = 0;
    for (const note of notes) {
      const start = performance.now();
      const summary = fn(note.text);
      elapsed += performance.now() - start;
      const s: RougeScores = rouge(summary, note.reference);
      totals.r1 += s.rouge1.f;
      totals.r2 += s.rouge2.f;
      totals.rl += s.rougeL.f;
      const byKind = perKind.get(note.kind) ?? new Map<string, number[]>();
      perKind.set(note.kind, byKind);
      byKind.set(name, [...(byKind.get(name) ?? []), s.rouge1.f]);
      if (args.has('--show') && name === 'builtin') {
        console.log(`\n[${note.id}]\n  summary:   ${summary}\n  reference: ${note.reference}`);
      }
    }
    const n = notes.length;
    console.log(
      `${name.padEnd(9)} ${pct(totals.r1 / n)}  ${pct(totals.r2 / n)}  ${pct(totals.rl / n)}  ${(elapsed / n).toFixed(3).padStart(7)}`,
    );
  }
  console.log('\nR1 by kind of note:');
  console.log(
    `${'kind'.padEnd(9)} ${'n'.padStart(3)} ${systems.map(([s]) => s.padStart(9)).join('')}`,
  );
  for (const kind of kinds) {
    const byKind = perKind.get(kind)!;
    const cells = systems.map(([s]) => {
      const xs = byKind.get(s)!;
      return pct(xs.reduce((a, b) => a + b, 0) / xs.length).padStart(9);
    });
    console.log(
      `${kind.padEnd(9)} ${String(byKind.get('builtin')!.length).padStart(3)} ${cells.join('')}`,
    );
  }
}

/** A deterministic pseudo-random generator (mulberry32), so the long document is the same each run. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A document of about `words` words made of the evaluation notes' paragraphs in shuffled order. */
function document(words: number): string {
  const paragraphs = notes.flatMap((n) => n.text.split(/\n\s*\n/)).filter((p) => p.trim());
  const random = seeded(42);
  const out: string[] = [];
  let count = 0;
  while (count < words) {
    const p = paragraphs[Math.floor(random() * paragraphs.length)]!;
    const w = p.split(/\s+/).filter(Boolean);
    const take = Math.min(w.length, words - count);
    out.push(take === w.length ? p : w.slice(0, take).join(' '));
    count += take;
  }
  return out.join('\n\n');
}

/** Mean, median and p95 of wall-clock time per call (the median shrugs off other work's spikes). */
function time(text: string, runs: number): { mean: number; median: number; p95: number } {
  for (let i = 0; i < Math.min(runs, 20); i++) summarizeText(text);
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    summarizeText(text);
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return {
    mean: samples.reduce((a, b) => a + b, 0) / runs,
    median: samples[Math.floor(runs / 2)]!,
    p95: samples[Math.min(runs - 1, Math.floor(runs * 0.95))]!,
  };
}

function speed(): void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  console.log('\nSpeed (built-in engine, this machine):');
  const oneK = document(1_000);
  const twentyK = document(20_000);
  for (const [label, text, runs] of [
    ['1,000 words', oneK, 500],
    ['20,000 words', twentyK, 40],
  ] as const) {
    const t = time(text, runs);
    const ms = (x: number) => `${x.toFixed(2).padStart(6)} ms`;
    console.log(
      `  ${label.padEnd(13)} mean ${ms(t.mean)}   median ${ms(t.median)}   p95 ${ms(t.p95)}   (${runs} runs)`,
    );
  }
  gc();
  const before = process.memoryUsage().heapUsed;
  for (let i = 0; i < 10_000; i++) summarizeText(oneK);
  gc();
  const after = process.memoryUsage().heapUsed;
  console.log(
    `  memory: heap ${mb(before)} before, ${mb(after)} after 10,000 calls on the 1,000-word note (${after >= before ? '+' : ''}${mb(after - before)})`,
  );
}

if (runQuality) quality();
if (runSpeed) speed();
