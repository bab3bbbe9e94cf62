/**
 * `pnpm bench:summary`: quality of the built-in summarizer against the usual extractive baselines
 * on three hand-written sets — personal notes (`eval/`), wire-style news articles and messenger
 * chats (`eval-styles/`) — as ROUGE-1/2/L F-scores and ms per text, each set split into the half
 * the weights were checked on (odd-numbered files) and the held-out half; then the engine's
 * speed at 1,000 and 20,000 words and its heap use over 10,000 calls.
 *
 *   pnpm bench:summary                 # everything
 *   pnpm bench:summary --quality       # only the tables
 *   pnpm bench:summary --speed         # only the speed and memory figures
 *   pnpm bench:summary --show          # also print every summary next to its reference
 *   pnpm bench:summary --style=chat    # only one set (notes, news, news-flat or chat)
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { summarizeText } from '../../src/summarizer/builtin/summarize';
import { lead3, longest3, textRank } from './baselines';
import { type EvalNote, loadEvalSet } from './eval-set';
import { rouge } from './rouge';

const here = dirname(fileURLToPath(import.meta.url));
const argv = process.argv.slice(2);
const args = new Set(argv);
const runQuality = !args.has('--speed');
const runSpeed = !args.has('--quality');
const onlyStyle = argv.find((a) => a.startsWith('--style='))?.slice('--style='.length);

type System = [string, (text: string) => string];
const systems: System[] = [
  ['builtin', summarizeText],
  ['lead-3', lead3],
  ['textrank', (t) => textRank(t)],
];

interface Style {
  name: string;
  about: string;
  notes: EvalNote[];
  systems: System[];
}

const notes = loadEvalSet(join(here, 'eval'));
const news = loadEvalSet(join(here, 'eval-styles', 'news'));
const chats = loadEvalSet(join(here, 'eval-styles', 'chat'));
const styles: Style[] = [
  { name: 'notes', about: 'hand-written personal notes (eval/)', notes, systems },
  {
    name: 'news',
    about: 'wire-style news articles, highlight references (eval-styles/news/)',
    notes: news,
    systems,
  },
  {
    name: 'news-flat',
    about: 'the same articles with every line break collapsed, as news datasets ship them',
    notes: news.map((n) => ({ ...n, text: n.text.replace(/\s+/g, ' ') })),
    systems,
  },
  {
    name: 'chat',
    about: 'messenger chats, third-person references (eval-styles/chat/)',
    notes: chats,
    systems: [...systems, ['longest-3', longest3]],
  },
];

function pct(x: number): string {
  return (100 * x).toFixed(2).padStart(6);
}

interface Row {
  r1: number[];
  r2: number[];
  rl: number[];
  ms: number;
}

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

function scoreStyle(style: Style): Map<string, Row> {
  const rows = new Map<string, Row>();
  for (const [name, fn] of style.systems) {
    // One untimed pass first, so the times below are not the JIT compiler's.
    for (const note of style.notes) fn(note.text);
    const row: Row = { r1: [], r2: [], rl: [], ms: 0 };
    let elapsed = 0;
    for (const note of style.notes) {
      const start = performance.now();
      const summary = fn(note.text);
      elapsed += performance.now() - start;
      const s = rouge(summary, note.reference);
      row.r1.push(s.rouge1.f);
      row.r2.push(s.rouge2.f);
      row.rl.push(s.rougeL.f);
      if (args.has('--show') && name === 'builtin') {
        console.log(
          `\n[${style.name}/${note.id}]\n  summary:   ${summary}\n  reference: ${note.reference}`,
        );
      }
    }
    row.ms = elapsed / Math.max(1, style.notes.length);
    rows.set(name, row);
  }
  return rows;
}

function printStyle(style: Style): void {
  const rows = scoreStyle(style);
  const n = style.notes.length;
  const tuneCount = Math.ceil(n / 2);
  const pick = (xs: number[], half: 'all' | 'tune' | 'held') =>
    half === 'all' ? xs : xs.filter((_, i) => (i % 2 === 0) === (half === 'tune'));
  const cells = (row: Row, half: 'all' | 'tune' | 'held') =>
    [row.r1, row.r2, row.rl].map((xs) => pct(mean(pick(xs, half)))).join('');
  console.log(`\n${style.name}: ${n} texts, ${style.about}`);
  const label = (s: string) => s.padStart(11).padEnd(18);
  console.log(
    `${''.padEnd(10)}${label(`all (${n})`)}  ${label(`tune (${tuneCount})`)}  ${label(`held-out (${n - tuneCount})`)}`,
  );
  console.log(`${'system'.padEnd(10)}${'    R1    R2    RL  '.repeat(3)}ms/text`);
  for (const [name] of style.systems) {
    const row = rows.get(name)!;
    console.log(
      `${name.padEnd(10)}${cells(row, 'all')}  ${cells(row, 'tune')}  ${cells(row, 'held')}  ${row.ms.toFixed(3).padStart(7)}`,
    );
  }
  if (style.name === 'notes') printKinds(style, rows);
}

function printKinds(style: Style, rows: Map<string, Row>): void {
  const kinds = [...new Set(style.notes.map((n) => n.kind))].sort();
  console.log('  R1 by kind of note:');
  console.log(
    `  ${'kind'.padEnd(9)} ${'n'.padStart(3)} ${style.systems.map(([s]) => s.padStart(9)).join('')}`,
  );
  for (const kind of kinds) {
    const idx = style.notes.flatMap((note, i) => (note.kind === kind ? [i] : []));
    const cells = style.systems.map(([s]) =>
      pct(mean(idx.map((i) => rows.get(s)!.r1[i]!))).padStart(9),
    );
    console.log(`  ${kind.padEnd(9)} ${String(idx.length).padStart(3)} ${cells.join('')}`);
  }
}

function quality(): void {
  console.log(
    'Quality: ROUGE F1 x100, stemmed. "tune" = the odd-numbered files, the only ones weights were',
  );
  console.log(
    'ever checked or searched on; "held-out" = the even-numbered files, only ever scored.',
  );
  for (const style of styles) if (!onlyStyle || style.name === onlyStyle) printStyle(style);
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
