import { leadStart, looksLikeArticle, quotedShares } from './article';
import { countWords, detectLanguage, termMaker, words } from './language';
import { addToDense, buildSpace, centrality, dotWithDense, type SparseVector } from './rank';
import { parseNote, type Unit } from './structure';

/** Summaries never run much past this many words. */
export const MAX_SUMMARY_WORDS = 120;
/** A note this short (in words) is its own summary. */
export const SHORT_NOTE_WORDS = 40;
/** A note with at most this many sentences is its own summary (unless it is long). */
export const SHORT_NOTE_SENTENCES = 2;

/** Section headings whose content is usually the point of a note. */
const KEY_SECTION_RE =
  /\b(?:decisions?|decided|action items?|actions|next steps?|to ?dos?|summary|tl;?dr|conclusions?|takeaways?|key points?|outcomes?|results?|décisions?|conclusion|résumé|fazit|ergebnis(?:se)?|beschl(?:uss|üsse)|conclusi[oó]n(?:es)?|decisiones|resumen)\b/iu;

/** Meeting-note bookkeeping lines ("Attendees: …", "Date: …") rarely belong in a summary. */
const METADATA_RE =
  /^(?:attendees|participants|present|absent|apologies|date|time|when|where|location|agenda|subject|to|from|cc|présents?|absents?|anwesend|teilnehmer|asistentes|presentes)\s*:/iu;

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

interface Scored {
  unit: Unit;
  vector: SparseVector;
  words: number;
  score: number;
}

function normalise(values: Float64Array): Float64Array {
  let max = 0;
  for (const v of values) if (v > max) max = v;
  const out = new Float64Array(values.length);
  if (max > 0) for (let i = 0; i < values.length; i++) out[i] = values[i]! / max;
  return out;
}

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

/**
 * A chat turn that commits to something or settles it ("I'll bring snacks", "can you pick up
 * the cake?", "booked ✅"): what the reader of a chat summary wants to know is what was agreed.
 */
const PLAN_RE =
  /\b(?:i['’]ll|i will|i['’]m going to|i can|we['’]ll|we will|we can|let['’]s|can you|could you|will you|booked|ordered|sent|found|agreed)\b/iu;

const ATTACHMENT_ONLY_RE = /^(?:<[^>]{1,30}>|(?:image|video|audio|media|sticker|gif) omitted)$/iu;

const LABEL_RE = /^([^:]{1,30}):\s/u;

/** Notes made mostly of list items and "Label: text" lines, where position says little. */
function isStructured(units: readonly Unit[]): boolean {
  const listy = units.filter((u) => u.kind === 'item' || LABEL_RE.test(u.body)).length;
  return listy >= units.length * 0.4;
}

export type Style = 'prose' | 'structured' | 'chat' | 'article';

function scoreUnits(
  units: readonly Unit[],
  termLists: readonly string[][],
  vectors: readonly SparseVector[],
  cent: ReturnType<typeof centrality>,
  titleDense: Float64Array | undefined,
  style: Style,
  quotes: readonly boolean[],
): number[] {
  const global = normalise(cent.global);
  const forward = normalise(cent.forward);
  const n = units.length;
  const t = TUNING;
  const isChat = style === 'chat';
  // Position: news and most prose put the point first; chats open with their topic; in lists
  // and structured notes the order says little.
  const positionWeight = t.position[style];
  const scale = t.positionScale[style];
  // A fragment is short for its note: chat turns are short by nature, so there only the
  // emptiest turns ("ok!", "bye") count as fragments.
  const averageContent = termLists.reduce((sum, t) => sum + t.length, 0) / Math.max(1, n);
  const fragment = isChat ? Math.min(4, Math.max(2, averageContent / 2)) : 4;
  // In an article, position counts real sentences only: a byline or a "PUBLISHED: 14:11 EST"
  // line before the lead must not push the lead down.
  let rank = 0;
  return units.map((u, i) => {
    // Numbers alone ("14:11 EST, 25 October 2013") do not make a sentence worth reading.
    const content = termLists[i]!.filter((t) => /\p{L}{2}/u.test(t)).length;
    const position = 1 / (1 + (style === 'article' ? rank : i) / scale);
    if (content >= fragment) rank++;
    const title = titleDense ? dotWithDense(vectors[i]!, titleDense) : 0;
    let score =
      t.centrality * global[i]! +
      t.forward * forward[i]! +
      positionWeight * position +
      t.title * title +
      t.density * Math.min(1, content / t.densityTerms);
    if (style === 'prose' && u.leading && i > 0) score += t.paragraphLead;
    if (isChat && PLAN_RE.test(u.body)) score += t.chat.plan;
    // Length: fragments ("ok", "Roof repair.") say little; very long ones crowd out others.
    if (content < fragment) score *= [0.1, 0.3, 0.5, 0.8][content]!;
    const w = u.words;
    if (w > 40) score *= 40 / w;
    if (u.done) score *= 0.4;
    if (style === 'article' && quotes[i]) score *= t.quote;
    // An attachment placeholder alone ("<file_gif>", "<Media omitted>") says nothing.
    if (ATTACHMENT_ONLY_RE.test(u.body)) score = 0;
    if (METADATA_RE.test(u.body)) score *= 0.3;
    const label = LABEL_RE.exec(u.body)?.[1];
    if ((u.section && KEY_SECTION_RE.test(u.section)) || (label && KEY_SECTION_RE.test(label))) {
      score *= 1.25;
    }
    if (n === 1) score = 1;
    return score;
  });
}

/**
 * How the note is read: a chat, a list-like structured note, a news article (its dateline is
 * cut from the lead, in place), or plain prose.
 */
function styleOf(units: Unit[], isChat: boolean): { style: Style; quotes: boolean[] } {
  if (isChat) return { style: 'chat', quotes: [] };
  if (isStructured(units)) return { style: 'structured', quotes: [] };
  const { article, quotes } = looksLikeArticle(units, quotedShares(units));
  if (!article) return { style: 'prose', quotes };
  const first = units[0]!;
  const cut = leadStart(first.body);
  if (cut > 0) {
    const body = first.body.slice(cut);
    units[0] = {
      ...first,
      body,
      text: first.text.slice(first.text.length - body.length),
      words: countWords(body),
    };
  }
  return { style: 'article', quotes };
}

/**
 * Greedy maximal-marginal-relevance selection within the word budget. `maxSim[i]` tracks the
 * highest similarity of unit i to anything already picked, updated once per pick in O(terms).
 */
function select(items: Scored[], plan: SummaryPlan, vocabulary: number): Scored[] {
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

/** Ends a list item or chat line with a full stop, unless it ends in punctuation or a smiley. */
export function withFinalStop(text: string): string {
  return /(?:[\p{L}\p{N}%]|[\p{L}\p{N}%.][)\]"'”’])$/u.test(text) ? `${text}.` : text;
}

/** Joins picked units in note order; consecutive sentences of one chat turn share the speaker. */
function render(picked: Scored[]): string {
  const ordered = [...picked].sort((a, b) => a.unit.index - b.unit.index);
  const parts: string[] = [];
  let previous: Unit | undefined;
  for (const { unit } of ordered) {
    const sameTurn =
      previous !== undefined &&
      unit.kind === 'turn' &&
      previous.group === unit.group &&
      previous.index === unit.index - 1;
    parts.push(withFinalStop(sameTurn ? unit.body : unit.text));
    previous = unit;
  }
  return parts.join(' ');
}

/** Cuts a text to at most `max` words, at a word boundary, with an ellipsis. */
function clip(text: string, max: number): string {
  const parts = text.split(/(\s+)/);
  let count = 0;
  let out = '';
  for (const p of parts) {
    if (/\S/.test(p)) {
      if (count === max) return `${out.trimEnd()}…`;
      count++;
    }
    out += p;
  }
  return out;
}

/**
 * The built-in extractive summary of a note. Deterministic: the same text always gives the same
 * summary. Never throws for any string input.
 */
export function summarizeText(input: string): string {
  const text = input.replace(/^\uFEFF/, '').trim();
  if (!text) return '';
  const totalWords = countWords(text);
  if (totalWords <= SHORT_NOTE_WORDS) return text;
  const structure = parseNote(text);
  if (
    totalWords <= SHORT_NOTE_WORDS ||
    (structure.sentenceCount <= SHORT_NOTE_SENTENCES && totalWords <= MAX_SUMMARY_WORDS)
  ) {
    return text;
  }
  const units = structure.units;
  if (units.length === 0) return clip(text.replace(/\s+/g, ' '), MAX_SUMMARY_WORDS);
  const style = styleOf(units, structure.isChat);
  const quotes = style.quotes;

  const tokenLists = units.map((u) => words(u.body));
  const language = detectLanguage(tokenLists);
  const maker = termMaker(language);
  const termLists = tokenLists.map((t) => maker.terms(t));
  const space = buildSpace(termLists);
  const cent = centrality(space);

  let titleDense: Float64Array | undefined;
  if (structure.title) {
    const titleVector = space.vectorize(maker.terms(words(structure.title)));
    if (titleVector.ids.length > 0) {
      titleDense = new Float64Array(space.size);
      addToDense(titleVector, titleDense);
    }
  }

  const scores = scoreUnits(units, termLists, space.vectors, cent, titleDense, style.style, quotes);
  const items: Scored[] = units.map((unit, i) => ({
    unit,
    vector: space.vectors[i]!,
    words: unit.words + (unit.speaker ? countWords(unit.speaker) : 0),
    score: scores[i]!,
  }));
  const plan = planLength(totalWords, units, style.style);
  const picked = select(items, plan, space.size);
  return clip(render(picked), MAX_SUMMARY_WORDS + 10);
}
