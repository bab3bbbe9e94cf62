import { stemmer } from 'stemmer';

/**
 * ROUGE-1, ROUGE-2 and ROUGE-L (sentence-level LCS) F-scores, following the definitions of Lin
 * (2004) as implemented by the common `rouge-score` package: lower-cased alphanumeric tokens,
 * Porter stemming of tokens longer than three letters, clipped n-gram counts.
 * Letters outside ASCII are kept (rouge-score drops them), so French or Spanish notes score too.
 */

export interface Score {
  precision: number;
  recall: number;
  f: number;
}

export interface RougeScores {
  rouge1: Score;
  rouge2: Score;
  rougeL: Score;
}

export function rougeTokens(text: string, stem = true): string[] {
  const tokens = text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .split(' ')
    .filter(Boolean);
  return stem ? tokens.map((t) => (t.length > 3 && /^[a-z]+$/.test(t) ? stemmer(t) : t)) : tokens;
}

function fScore(overlap: number, candidateTotal: number, referenceTotal: number): Score {
  const precision = candidateTotal > 0 ? overlap / candidateTotal : 0;
  const recall = referenceTotal > 0 ? overlap / referenceTotal : 0;
  const f = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  return { precision, recall, f };
}

function ngramCounts(tokens: readonly string[], n: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (let i = 0; i + n <= tokens.length; i++) {
    const key = tokens.slice(i, i + n).join(' ');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

export function rougeN(
  candidate: readonly string[],
  reference: readonly string[],
  n: number,
): Score {
  const cand = ngramCounts(candidate, n);
  const ref = ngramCounts(reference, n);
  let overlap = 0;
  for (const [gram, c] of cand) overlap += Math.min(c, ref.get(gram) ?? 0);
  return fScore(
    overlap,
    Math.max(0, candidate.length - n + 1),
    Math.max(0, reference.length - n + 1),
  );
}

export function lcsLength(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  let prev = new Uint32Array(b.length + 1);
  let row = new Uint32Array(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      row[j] = a[i - 1] === b[j - 1] ? prev[j - 1]! + 1 : Math.max(prev[j]!, row[j - 1]!);
    }
    [prev, row] = [row, prev];
  }
  return prev[b.length]!;
}

export function rougeL(candidate: readonly string[], reference: readonly string[]): Score {
  return fScore(lcsLength(candidate, reference), candidate.length, reference.length);
}

export function rouge(candidate: string, reference: string, stem = true): RougeScores {
  const c = rougeTokens(candidate, stem);
  const r = rougeTokens(reference, stem);
  return { rouge1: rougeN(c, r, 1), rouge2: rougeN(c, r, 2), rougeL: rougeL(c, r) };
}
