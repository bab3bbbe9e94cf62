import { detectLanguage, termMaker, words } from '../../src/summarizer/builtin/language';
import { parseNote } from '../../src/summarizer/builtin/structure';

/**
 * The two reference points of the benchmark. Both use the engine's own sentence splitter so the
 * comparison is about choosing sentences, not about splitting them.
 */

/** Lead-3: the first three sentences. Strong on news, where the point comes first. */
export function lead3(text: string): string {
  return parseNote(text)
    .units.slice(0, 3)
    .map((u) => u.text)
    .join(' ');
}

/**
 * Longest-3: the three longest sentences (in words), in their original order. A published
 * baseline for dialogue summarization (SAMSum), where the longest turns carry the content.
 */
export function longest3(text: string): string {
  const units = parseNote(text).units;
  return [...units]
    .sort((a, b) => b.words - a.words || a.index - b.index)
    .slice(0, 3)
    .sort((a, b) => a.index - b.index)
    .map((u) => u.text)
    .join(' ');
}

/**
 * Plain TextRank (Mihalcea & Tarau, 2004): sentences are nodes, edges weigh the shared words
 * normalised by log lengths, PageRank (d = 0.85) ranks them, and the top three are returned in
 * their original order. No position, title, length or redundancy cues.
 */
export function textRank(text: string, count = 3): string {
  const units = parseNote(text).units;
  if (units.length <= count) return units.map((u) => u.text).join(' ');
  const tokens = units.map((u) => words(u.body));
  const maker = termMaker(detectLanguage(tokens.flat()));
  const sets = tokens.map((t) => new Set(maker.terms(t)));
  const n = units.length;
  const weight = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const a = sets[i]!;
      const b = sets[j]!;
      if (a.size < 2 || b.size < 2) continue;
      let common = 0;
      for (const t of a) if (b.has(t)) common++;
      const w = common / (Math.log(a.size) + Math.log(b.size));
      weight[i * n + j] = w;
      weight[j * n + i] = w;
    }
  }
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) out[i]! += weight[i * n + j]!;
  let rank = new Float64Array(n).fill(1);
  for (let it = 0; it < 50; it++) {
    const next = new Float64Array(n).fill(0.15);
    for (let j = 0; j < n; j++) {
      if (out[j] === 0) continue;
      for (let i = 0; i < n; i++) {
        const w = weight[j * n + i]!;
        if (w > 0) next[i]! += (0.85 * w * rank[j]!) / out[j]!;
      }
    }
    rank = next;
  }
  return [...units.keys()]
    .sort((a, b) => rank[b]! - rank[a]! || a - b)
    .slice(0, count)
    .sort((a, b) => a - b)
    .map((i) => units[i]!.text)
    .join(' ');
}
