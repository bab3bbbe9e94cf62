/**
 * `tsx bench/summary/tune.ts`: a small, honest check of the built-in engine's score weights.
 * Coordinate search on the odd-numbered half of each evaluation set (notes, news, chats: the
 * objective is the mean of the three sets' mean ROUGE-1/2/L F-scores); the even-numbered halves
 * are only scored, never searched, so an improvement that does not hold there is overfitting.
 * It prints the weights it would pick; nothing is written back.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { summarizeText, TUNING } from '../../src/summarizer/builtin/summarize';
import { type EvalNote, halves, loadEvalSet } from './eval-set';
import { rouge } from './rouge';

const here = dirname(fileURLToPath(import.meta.url));
const sets = {
  notes: halves(loadEvalSet(join(here, 'eval'))),
  news: halves(loadEvalSet(join(here, 'eval-styles', 'news'))),
  chat: halves(loadEvalSet(join(here, 'eval-styles', 'chat'))),
};
type Half = 'tune' | 'heldOut';

function score(set: readonly EvalNote[]): number {
  let sum = 0;
  for (const n of set) {
    const s = rouge(summarizeText(n.text), n.reference);
    sum += (s.rouge1.f + s.rouge2.f + s.rougeL.f) / 3;
  }
  return (100 * sum) / set.length;
}

const objective = (half: Half) =>
  Object.values(sets).reduce((sum, s) => sum + score(s[half]), 0) / Object.keys(sets).length;

function report(label: string): void {
  const cells = Object.entries(sets).map(
    ([name, s]) => `${name} ${score(s.tune).toFixed(2)}/${score(s.heldOut).toFixed(2)}`,
  );
  console.log(
    `${label.padEnd(8)} tune ${objective('tune').toFixed(2)}  held-out ${objective('heldOut').toFixed(2)}   (tune/held-out: ${cells.join(', ')})`,
  );
}

type Path = string;
const grid: [Path, number[]][] = [
  ['centrality', [0.25, 0.35, 0.45, 0.6, 0.8]],
  ['forward', [0, 0.1, 0.2, 0.3, 0.4]],
  ['position.prose', [0.2, 0.3, 0.4, 0.5]],
  ['position.structured', [0, 0.05, 0.1, 0.2, 0.3]],
  ['position.chat', [0.1, 0.2, 0.35, 0.5]],
  ['position.article', [0.2, 0.3, 0.45, 0.6]],
  ['positionScale.article', [1, 2, 4]],
  ['title', [0, 0.1, 0.15, 0.25]],
  ['density', [0, 0.1, 0.2, 0.3]],
  ['quote', [0.25, 0.5, 0.75, 1]],
  ['chat.turns', [2, 3, 4]],
  ['chat.minWords', [20, 30, 40]],
  ['chat.plan', [0, 0.1, 0.2]],
  ['lambda', [0.5, 0.6, 0.7, 0.8, 0.9]],
];

// biome-ignore lint/suspicious/noExplicitAny: the tuning object is walked by key paths.
const tuning = TUNING as any;
const get = (path: Path): number => path.split('.').reduce((o, k) => o[k], tuning);
const set = (path: Path, v: number): void => {
  const keys = path.split('.');
  const last = keys.pop()!;
  keys.reduce((o, k) => o[k], tuning)[last] = v;
};

report('start');
for (let round = 0; round < 2; round++) {
  for (const [path, values] of grid) {
    let best = get(path);
    let bestScore = objective('tune');
    for (const v of values) {
      set(path, v);
      const s = objective('tune');
      if (s > bestScore + 0.05) {
        best = v;
        bestScore = s;
      }
    }
    set(path, best);
  }
  report(`round ${round + 1}`);
}
console.log(JSON.stringify(TUNING, null, 2));
