import { leadStart, looksLikeArticle, quotedShares } from './article';
import { countWords, detectLanguage, termMaker, words } from './language';
import { addToDense, buildSpace, centrality, dotWithDense, type SparseVector } from './rank';
import {
  MAX_SUMMARY_WORDS,
  planLength,
  type Scored,
  type Style,
  select,
  TUNING,
} from './selection';
import { parseNote, type Unit } from './structure';

export { MAX_SUMMARY_WORDS, planLength, TUNING };

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

function normalise(values: Float64Array): Float64Array {
  let max = 0;
  for (const v of values) if (v > max) max = v;
  const out = new Float64Array(values.length);
  if (max > 0) for (let i = 0; i < values.length; i++) out[i] = values[i]! / max;
  return out;
}

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
