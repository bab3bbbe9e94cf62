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

function lastWord(s: string): string {
  // Only the tail is searched: an unanchored pattern over a long run of text is quadratic.
  const m = /(\S+)\s*$/.exec(s.slice(-64));
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

/** Splits one paragraph (no line breaks needed) into sentences, trimmed, none empty. */
export function splitSentences(paragraph: string): string[] {
  const text = paragraph.replace(/\s+/g, ' ').trim();
  if (!text) return [];
  segmenter ??= new Intl.Segmenter('en', { granularity: 'sentence' });

  const protectedSpans: [number, number][] = [];
  if (/:\/\/|www\./i.test(text)) {
    for (const m of text.matchAll(URL_RE)) protectedSpans.push([m.index, m.index + m[0].length]);
  }
  if (text.includes('@')) {
    for (const m of text.matchAll(EMAIL_RE)) protectedSpans.push([m.index, m.index + m[0].length]);
  }
  protectedSpans.sort((a, b) => a[0] - b[0]);

  const out: string[] = [];
  let current = '';
  let spanIdx = 0;
  for (const { segment, index } of segmenter.segment(text)) {
    if (current) {
      while (spanIdx < protectedSpans.length && protectedSpans[spanIdx]![1] <= index) spanIdx++;
      const span = protectedSpans[spanIdx];
      const insideProtected = span !== undefined && span[0] < index && index < span[1];
      if (insideProtected || isFalseBreak(current, segment)) {
        current += segment;
        continue;
      }
      out.push(current.trim());
    }
    current = segment;
  }
  if (current.trim()) out.push(current.trim());
  return out.flatMap(splitBeforeNumber);
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
