/**
 * Sentence splitting inside one logical paragraph (a prose paragraph, a list item or a chat turn).
 *
 * The platform's ICU segmenter (`Intl.Segmenter`, granularity "sentence") does the heavy lifting:
 * decimals ("3.5"), ellipses, "?!", quotes and closing brackets, and non-Latin terminators. Its
 * known gaps are patched here: it breaks after abbreviations followed by a capital ("Dr. Smith",
 * "e.g. Jira", "the U.S. Army") and inside URLs that contain "?" or "!".
 */

/** Abbreviations that are practically never the end of a sentence (a name or number follows). */
const NEVER_FINAL = new Set(
  `mr mrs ms mx dr prof st sr jr rev fr hon pres gen sen rep gov capt cpt lt col maj sgt cmdr adm
  supt det insp messrs mme mlle mmes sra srta fig figs eq eqs no nos nr vol vols pp ch chap sec art
  op ed eds approx ca cf vs e.g i.e viz al incl esp dept tel ref resp bzw z.b u.a d.h s.o ggf usw
  av ave blvd rd mt ft`.split(/\s+/),
);

/** Abbreviations that often end a sentence too: merge unless the next word starts a sentence. */
const MAYBE_FINAL = new Set(
  `inc ltd co corp llc plc bros u.s u.k u.n e.u a.m p.m etc jan feb mar apr jun jul aug sep sept oct
  nov dec mon tue tues wed thu thur thurs fri sat sun min max hrs mins yrs`.split(/\s+/),
);

/** Words that begin a new sentence after an ambiguous abbreviation ("...in the U.S. The ..."). */
const STARTERS = new Set(
  `the a an he she it we they i you this that these those there then but and so yet if when while
  after before as at in on for to from by with our his her their my your its what who how why where
  no not one some many most all both each every another also however meanwhile later now today
  tomorrow yesterday here next last still please thanks`.split(/\s+/),
);

// Repetitions are bounded and start at a boundary: an unbounded pattern backtracks
// quadratically over a long word.
const URL_RE = /\b(?:https?:\/\/|ftp:\/\/|www\.)[^\s<>"]{0,2000}[^\s<>"'.,;:!?)\]]/giu;
const EMAIL_RE = /(?<![\w.+-])[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63}){1,8}/gu;

let segmenter: Intl.Segmenter | undefined;

/** The last word of a short tail of text (callers pass at most 64 characters). */
function lastWord(s: string): string {
  const m = /(\S+)\s*$/.exec(s);
  // Opening brackets and quotes are not part of the abbreviation: "(e.g." is "e.g.".
  return m ? m[1]!.replace(/^[("'“‘[]+/, '') : '';
}

function firstWord(s: string): string {
  const m = /^\s*["'“‘(]*([^\s"'”’)]+)/.exec(s);
  return m ? m[1]! : '';
}

/** Decides whether the break after `before` and before `after` is false (an abbreviation). */
function isFalseBreak(before: string, after: string): boolean {
  // A quoted question or exclamation inside a sentence: 'Sieyès' "What is the Third Estate?" (1789)'.
  if (/[?!]["'”’»]\s*$/u.test(before) && /^\s*[([]/u.test(after)) return true;
  const word = lastWord(before);
  if (!word.endsWith('.')) return false;
  if (word.endsWith('..')) return false; // an ellipsis is a real pause
  const raw = word.slice(0, -1);
  const bare = raw.toLowerCase();
  const next = firstWord(after);
  if (!next) return false;
  const nextIsStarter = /^\p{Lu}/u.test(next) && STARTERS.has(next.toLowerCase());
  if (NEVER_FINAL.has(bare)) return true;
  if (MAYBE_FINAL.has(bare)) return !nextIsStarter;
  // Initials and dotted initialisms: "J. R. R. Tolkien", "Ph.D. Thesis".
  if (/^\p{Lu}$/u.test(raw) || /^(?:\p{L}{1,2}\.)+\p{L}{1,2}$/u.test(raw)) return !nextIsStarter;
  return false;
}

const TERMINATOR_RE = /[.!?…。！？‼⁇⁈⁉]/u;

/** Splits one paragraph (no line breaks needed) into sentences, trimmed, none empty. */
export function splitSentences(paragraph: string): string[] {
  return splitParagraphs([paragraph])[0]!;
}

/**
 * V8's segmenter costs a few microseconds per call and grows faster than linearly with the
 * length of the string it walks, so it is fed windows of about this many characters: short
 * paragraphs are batched together, long ones are cut at sentence ends first.
 */
const WINDOW = 1000;
/** A sentence end followed by what starts a sentence: a safe place to cut a long paragraph. */
const SEAM_RE = /[.!?…]["'”’)\]]*\s+(?=[\p{Lu}\p{N}"“‘(])/gu;

interface Piece {
  paragraph: number;
  offset: number;
  text: string;
}

/** Cuts a long paragraph into windows, recording sentence-end seams as breaks. */
function windows(text: string, paragraph: number, pieces: Piece[], cuts: number[]): void {
  let start = 0;
  while (text.length - start > WINDOW) {
    const limit = start + WINDOW;
    let seam = -1;
    SEAM_RE.lastIndex = start + WINDOW / 2;
    for (let m = SEAM_RE.exec(text); m && m.index + m[0].length <= limit; m = SEAM_RE.exec(text)) {
      seam = m.index + m[0].length;
    }
    if (seam > start) {
      cuts.push(seam);
    } else {
      // No sentence end in reach (a run-on): cut at a space, or anywhere, without a break.
      const space = text.lastIndexOf(' ', limit);
      seam = space > start ? space : limit;
    }
    pieces.push({ paragraph, offset: start, text: text.slice(start, seam) });
    start = seam;
  }
  pieces.push({ paragraph, offset: start, text: text.slice(start) });
}

/** Splits many paragraphs at once, feeding the segmenter windows of about WINDOW characters. */
export function splitParagraphs(paragraphs: readonly string[]): string[][] {
  const texts = paragraphs.map((p) => p.replace(/\s+/g, ' ').trim());
  // No terminator before the last character: one sentence, no segmenter needed.
  const needed = texts.map((t) => t !== '' && TERMINATOR_RE.test(t.slice(0, -1)));
  const cuts: number[][] = texts.map(() => []);
  const pieces: Piece[] = [];
  texts.forEach((t, i) => {
    if (needed[i]) windows(t, i, pieces, cuts[i]!);
  });

  segmenter ??= new Intl.Segmenter('en', { granularity: 'sentence' });
  const run = (batch: Piece[]) => {
    // Line breaks always break, so joined pieces never run into each other.
    const joined = batch.map((p) => p.text).join('\n');
    let k = 0;
    let start = 0;
    let end = batch[0]!.text.length;
    for (const { index } of segmenter!.segment(joined)) {
      while (index > end && k < batch.length - 1) {
        k++;
        start = end + 1;
        end = start + batch[k]!.text.length;
      }
      const piece = batch[k]!;
      if (index > start && index < end) cuts[piece.paragraph]!.push(piece.offset + index - start);
    }
  };
  let batch: Piece[] = [];
  let size = 0;
  for (const piece of pieces) {
    if (batch.length > 0 && size + piece.text.length > WINDOW) {
      run(batch);
      batch = [];
      size = 0;
    }
    batch.push(piece);
    size += piece.text.length + 1;
  }
  if (batch.length > 0) run(batch);

  return texts.map((t, i) => {
    if (!t) return [];
    if (!needed[i]) return [t];
    const sorted = [...new Set(cuts[i])].sort((a, b) => a - b);
    return sentencesAt(t, sorted);
  });
}

/** Cuts `text` at the segmenter's breaks, except inside URLs and e-mails and after abbreviations. */
function sentencesAt(text: string, cuts: readonly number[]): string[] {
  const protectedSpans: [number, number][] = [];
  if (/:\/\/|www\./i.test(text)) {
    for (const m of text.matchAll(URL_RE)) protectedSpans.push([m.index, m.index + m[0].length]);
  }
  if (text.includes('@')) {
    for (const m of text.matchAll(EMAIL_RE)) protectedSpans.push([m.index, m.index + m[0].length]);
  }
  protectedSpans.sort((a, b) => a[0] - b[0]);

  const out: string[] = [];
  let from = 0;
  let spanIdx = 0;
  for (const cut of cuts) {
    while (spanIdx < protectedSpans.length && protectedSpans[spanIdx]![1] <= cut) spanIdx++;
    const span = protectedSpans[spanIdx];
    if (span !== undefined && span[0] < cut && cut < span[1]) continue;
    // Only the neighbourhood of the break matters; slicing keeps long paragraphs linear.
    if (isFalseBreak(text.slice(Math.max(from, cut - 64), cut), text.slice(cut, cut + 64)))
      continue;
    out.push(text.slice(from, cut).trim());
    from = cut;
  }
  out.push(text.slice(from).trim());
  return out.filter((s) => s !== '').flatMap(splitBeforeNumber);
}

/**
 * ICU never breaks before a digit ("...from the beta. 1,240 people installed..."), to protect
 * "No. 5" and "Oct. 1". Break there when the word before the period is an ordinary word.
 */
function splitBeforeNumber(sentence: string): string[] {
  if (!/\.\s+\d/.test(sentence)) return [sentence];
  const re = /(?<!\S)(\S{1,40})\.\s+(?=\d)/gu;
  const out: string[] = [];
  let start = 0;
  for (const m of sentence.matchAll(re)) {
    const word = m[1]!.replace(/^[("'“‘[]+/, '');
    const bare = word.toLowerCase();
    if (!/^\p{L}{2,}$/u.test(word) || NEVER_FINAL.has(bare) || MAYBE_FINAL.has(bare)) continue;
    const end = m.index + m[0].length;
    out.push(sentence.slice(start, end).trim());
    start = end;
  }
  out.push(sentence.slice(start).trim());
  return out.filter((s) => s !== '');
}

export const MAX_SENTENCE_WORDS = 60;

/**
 * Breaks a run-on "sentence" (an unpunctuated brain dump, a pasted log line) into readable pieces
 * of at most MAX_SENTENCE_WORDS words, preferring clause punctuation, so that one giant sentence
 * can neither dominate the scoring nor blow the summary's length cap.
 */
export function breakLongSentence(sentence: string): string[] {
  // Fewer characters than twice the limit cannot hold more words than the limit.
  if (sentence.length < MAX_SENTENCE_WORDS * 2) return [sentence];
  const tokens = sentence.split(' ');
  if (tokens.length <= MAX_SENTENCE_WORDS) return [sentence];
  const pieces: string[] = [];
  let start = 0;
  while (tokens.length - start > MAX_SENTENCE_WORDS) {
    // Look for the last clause break (;, :, dash, comma) in the second half of the window.
    let cut = -1;
    for (let i = start + MAX_SENTENCE_WORDS - 1; i >= start + MAX_SENTENCE_WORDS / 3; i--) {
      const t = tokens[i]!;
      if (
        /[;:,]$/.test(t) ||
        tokens[i + 1] === '-' ||
        tokens[i + 1] === '–' ||
        tokens[i + 1] === '—'
      ) {
        cut = i + 1;
        break;
      }
    }
    if (cut < 0) cut = start + Math.round((MAX_SENTENCE_WORDS * 2) / 3);
    pieces.push(tokens.slice(start, cut).join(' '));
    start = cut;
  }
  pieces.push(tokens.slice(start).join(' '));
  return pieces.filter((p) => p.trim() !== '');
}
