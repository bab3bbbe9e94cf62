/**
 * `tsx bench/summary/tune.ts`: a small, honest check of the built-in engine's score weights.
 * Coordinate search on the odd-numbered half of the evaluation set; the even-numbered half is only
 * scored, never searched, so an improvement that does not hold there is overfitting.
 * It prints the weights it would pick; nothing is written back.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { summarizeText, TUNING } from '../../src/summarizer/builtin/summarize';
import { type EvalNote, loadEvalSet } from './eval-set';
import { rouge } from './rouge';

const notes = loadEvalSet(join(dirname(fileURLToPath(import.meta.url)), 'eval'));
const odd = notes.filter((_, i) => i % 2 === 0); // 01, 03, 05, …
const even = notes.filter((_, i) => i % 2 === 1);

function objective(set: EvalNote[]): number {
  let sum = 0;
  for (const n of set) {
    const s = rouge(summarizeText(n.text), n.reference);
    sum += (s.rouge1.f + s.rouge2.f + s.rougeL.f) / 3;
  }
  return (100 * sum) / set.length;
}

type Path = [keyof typeof TUNING, string?];
const grid: [Path, number[]][] = [
  [['centrality'], [0.25, 0.35, 0.45, 0.6, 0.8]],
  [['forward'], [0, 0.1, 0.2, 0.3, 0.4]],
  [
    ['position', 'prose'],
    [0.2, 0.3, 0.4, 0.5],
  ],
  [
    ['position', 'structured'],
    [0, 0.05, 0.1, 0.2, 0.3],
  ],
  [
    ['position', 'chat'],
    [0.1, 0.2, 0.35, 0.5],
  ],
  [['title'], [0, 0.1, 0.15, 0.25]],
  [['density'], [0, 0.1, 0.2, 0.3]],
  [['lambda'], [0.5, 0.6, 0.7, 0.8, 0.9]],
];

// biome-ignore lint/suspicious/noExplicitAny: the tuning object is walked by key paths.
const get = ([a, b]: Path): number => (b ? (TUNING as any)[a][b] : (TUNING as any)[a]);
const set = ([a, b]: Path, v: number): void => {
  // biome-ignore lint/suspicious/noExplicitAny: as above.
  if (b) (TUNING as any)[a][b] = v;
  // biome-ignore lint/suspicious/noExplicitAny: as above.
  else (TUNING as any)[a] = v;
};

console.log(`start: odd ${objective(odd).toFixed(2)}  even ${objective(even).toFixed(2)}`);
for (let round = 0; round < 2; round++) {
  for (const [path, values] of grid) {
    let best = get(path);
    let bestScore = objective(odd);
    for (const v of values) {
      set(path, v);
      const s = objective(odd);
      if (s > bestScore + 0.05) {
        best = v;
        bestScore = s;
      }
    }
    set(path, best);
  }
  console.log(
    `round ${round + 1}: odd ${objective(odd).toFixed(2)}  even ${objective(even).toFixed(2)}`,
  );
}
console.log(JSON.stringify(TUNING, null, 2));
