import { addToDense, dotWithDense, type SparseVector } from './rank';
import type { Unit } from './structure';

/**
 * How long a summary is and which sentences make it: the length rules, the score weights, and
 * the selection within the planned length.
 */

/** Summaries never run much past this many words. */
export const MAX_SUMMARY_WORDS = 120;

/**
 * The weights of the sentence score. Chosen by reasoning first (see the ADR), then checked on the
 * odd-numbered half of the evaluation set and confirmed on the even-numbered half.
 */
export const TUNING = {
  /** LexRank centrality: how much the rest of the note agrees with the sentence. */
  centrality: 0.45,
  /** Similarity to what follows: a sentence that later ones elaborate on (PACSUM's idea). */
  forward: 0.2,
  position: { prose: 0.3, structured: 0.1, chat: 0.35, article: 0.3 },
  /** Sentence index at which the position cue has halved. */
  positionScale: { prose: 2, structured: 2, chat: 4, article: 1 },
  title: 0.15,
  /** Preference for sentences with more content words, saturating at `densityTerms`. */
  density: 0,
  densityTerms: 12,
  /** Bonus for the first sentence of a later paragraph (its topic sentence). */
  paragraphLead: 0.05,
  /** News articles: at most this many sentences, however long (news highlights run to 3-4). */
  article: { sentences: 3 },
  /**
   * Chats: at least `turns` turns (one fewer in a chat of at most `shortTurns`) and `minWords`
   * words, or `share` of a long chat; `plan` is the bonus for a turn that settles something.
   */
  chat: { turns: 3, shortTurns: 6, minWords: 30, share: 0.25, plan: 0.1 },
  /** Factor for a direct-quote sentence in a news article ("…," she said). */
  quote: 0.5,
  /** MMR trade-off between score (1) and novelty (0). */
  lambda: 0.7,
};

export type Style = 'prose' | 'structured' | 'chat' | 'article';

export interface SummaryPlan {
  /** How many sentences the length rules ask for. */
  sentences: number;
  /** The word budget that follows from it (never above MAX_SUMMARY_WORDS). */
  words: number;
}

/**
 * The length rules: about one sentence for a short note, two or three for a page, 15% of the
 * sentences of a long document, and never much more than MAX_SUMMARY_WORDS words. A news article
 * is summarized the way news is, in a few highlight-length sentences, however long it runs.
 */
export function planLength(totalWords: number, units: readonly Unit[], style: Style): SummaryPlan {
  const n = units.length;
  let sentences: number;
  if (totalWords < 100) sentences = 1;
  else if (totalWords < 300) sentences = 2;
  else if (totalWords < 1000) sentences = 3;
  else sentences = Math.max(3, Math.ceil(n * 0.15));
  sentences = Math.min(sentences, n);
  // Lists and chats are made of short pieces: budget in words, as if they were sentences of
  // ordinary length, so "one sentence" of a to-do list is a few items rather than one.
  const average = n > 0 ? units.reduce((s, u) => s + u.words, 0) / n : 0;
  if (style === 'article') sentences = Math.min(sentences, TUNING.article.sentences);
  if (style === 'chat') {
    // A chat's point is spread over a few turns: plan in turns, not in sentences of prose.
    const c = TUNING.chat;
    sentences = Math.min(n, n <= c.shortTurns ? c.turns - 1 : c.turns);
    const budget = Math.max(c.minWords, sentences * average, totalWords * c.share);
    return { sentences, words: Math.round(Math.min(MAX_SUMMARY_WORDS, budget)) };
  }
  const perSentence = Math.max(average, 22);
  const budget = Math.round(sentences * perSentence);
  return { sentences, words: Math.min(MAX_SUMMARY_WORDS, budget) };
}

export interface Scored {
  unit: Unit;
  vector: SparseVector;
  words: number;
  score: number;
}

/**
 * Greedy maximal-marginal-relevance selection within the word budget. `maxSim[i]` tracks the
 * highest similarity of unit i to anything already picked, updated once per pick in O(terms).
 */
export function select(items: Scored[], plan: SummaryPlan, vocabulary: number): Scored[] {
  const lambda = TUNING.lambda;
  const picked: Scored[] = [];
  const maxSim = new Float64Array(items.length);
  const open = new Set(items.map((_, i) => i));
  let words = 0;
  const dense = new Float64Array(vocabulary);
  while (open.size > 0 && (picked.length < plan.sentences || words < plan.words * 0.85)) {
    let best = -1;
    let bestValue = Number.NEGATIVE_INFINITY;
    for (const i of open) {
      const value = lambda * items[i]!.score - (1 - lambda) * maxSim[i]!;
      if (value > bestValue) {
        bestValue = value;
        best = i;
      }
    }
    open.delete(best);
    const item = items[best]!;
    // Up to the planned number of sentences a long one may stretch the budget (up to the cap);
    // after that, only what still fits.
    const limit = picked.length < plan.sentences ? MAX_SUMMARY_WORDS : plan.words * 1.15;
    if (picked.length > 0 && words + item.words > limit) continue;
    // Near-duplicates add nothing, whatever their score.
    if (maxSim[best]! > 0.6) continue;
    picked.push(item);
    words += item.words;
    dense.fill(0);
    addToDense(item.vector, dense);
    for (const i of open) {
      const s = dotWithDense(items[i]!.vector, dense);
      if (s > maxSim[i]!) maxSim[i] = s;
    }
  }
  return picked;
}
