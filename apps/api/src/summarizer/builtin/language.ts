import { stemmer } from 'stemmer';
import * as stopwords from 'stopword';

/**
 * Languages we recognise by their stopwords. English gets the Porter stemmer; the others are
 * compared on lower-cased word forms, which is enough for an extract and never wrong.
 */
const LISTS = {
  en: stopwords.eng,
  fr: stopwords.fra,
  de: stopwords.deu,
  es: stopwords.spa,
  it: stopwords.ita,
  pt: stopwords.por,
  nl: stopwords.nld,
  sv: stopwords.swe,
  da: stopwords.dan,
  nb: stopwords.nob,
  fi: stopwords.fin,
  pl: stopwords.pol,
  cs: stopwords.ces,
  ro: stopwords.ron,
  hu: stopwords.hun,
  ca: stopwords.cat,
  tr: stopwords.tur,
  id: stopwords.ind,
} as const;

export type Language = keyof typeof LISTS;

/**
 * The `stopword` English list is short (108 words). Personal notes and chats are full of
 * contractions, fillers and greetings that carry no topic, so they are added here.
 */
const ENGLISH_EXTRA = `not no nor so just will shall its it's i'm i've i'd i'll you're you've you'll you'd
he's she's we're we've we'll they're they've they'll that's there's here's what's who's let's don't
doesn't didn't can't cannot won't wouldn't shouldn't couldn't isn't aren't wasn't weren't haven't
hasn't hadn't us am ours yours hers theirs myself yourself ourselves themselves itself yes yeah yep
ok okay oh hey hi hello thanks thank please lol haha hahaha hmm um uh gonna wanna gotta really
actually maybe anyway sure also even ever every again already yet though although whether either
neither upon onto off per via etc re vs whom whose why when does done doing went going goes gone
one two us one's bye byebye cya ttyl brb omg lmao rofl xd xoxo gr8 thx ty np idk btw pls plz
hahah hehe yay wow ah aw lemme gimme dunno ya yea nah kk`;

const SETS = new Map<Language, Set<string>>();
for (const [lang, words] of Object.entries(LISTS) as [Language, readonly string[]][]) {
  const set = new Set(words.map((w) => w.toLowerCase()));
  if (lang === 'en') for (const w of ENGLISH_EXTRA.split(/\s+/)) if (w) set.add(w);
  SETS.set(lang, set);
}

/**
 * Chat exports stand in for attachments with placeholders ("<file_gif>", "<Media omitted>",
 * "<link>"); they are not words of the conversation.
 */
export const PLACEHOLDER_RE = /<[\p{L}\p{N}_ -]{1,30}>/gu;

/** Letters, marks and digits, with inner apostrophes kept ("don't", "l'été" stays one token). */
const WORD_RE = /[\p{L}\p{M}\p{N}]+(?:['’][\p{L}\p{M}\p{N}]+)*/gu;
/** Scripts written without spaces between words need the platform's dictionary-based segmenter. */
const UNSPACED_RE =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

let wordSegmenter: Intl.Segmenter | undefined;

/** Splits text into lower-cased word tokens. */
export function words(text: string): string[] {
  if (text.includes('<')) text = text.replace(PLACEHOLDER_RE, ' ');
  if (UNSPACED_RE.test(text)) {
    wordSegmenter ??= new Intl.Segmenter(undefined, { granularity: 'word' });
    const out: string[] = [];
    for (const s of wordSegmenter.segment(text))
      if (s.isWordLike) out.push(s.segment.toLowerCase());
    return out;
  }
  let lower = text.toLowerCase();
  if (lower.includes('’')) lower = lower.replace(/’/g, "'");
  return lower.match(WORD_RE) ?? [];
}

/** Counts the words of a display string the way a reader would (used for length rules). */
export function countWords(text: string): number {
  // A word is a run of non-spaces holding at least one letter or digit. A plain loop: this runs
  // for every sentence, and a regex match would allocate every word.
  let count = 0;
  let inWord = false;
  let counted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 32 || (c >= 9 && c <= 13) || c === 160 || (c > 255 && SPACE_RE.test(text[i]!))) {
      inWord = false;
      continue;
    }
    if (!inWord) {
      inWord = true;
      counted = false;
    }
    if (counted) continue;
    const alnum =
      (c >= 97 && c <= 122) ||
      (c >= 65 && c <= 90) ||
      (c >= 48 && c <= 57) ||
      (c > 127 && LETTER_OR_DIGIT_RE.test(text.slice(i, i + 2)));
    if (alnum) {
      count++;
      counted = true;
    }
  }
  return count;
}

const SPACE_RE = /\s/;
const LETTER_OR_DIGIT_RE = /^[\p{L}\p{N}]/u;

/** For each stopword, the languages whose list has it: one map look-up per token. */
const LANGUAGES_OF = new Map<string, Language[]>();
for (const [lang, set] of SETS) {
  for (const w of set) {
    const langs = LANGUAGES_OF.get(w);
    if (langs) langs.push(lang);
    else LANGUAGES_OF.set(w, [lang]);
  }
}
const LANGUAGE_ORDER = [...SETS.keys()];

/** Tokens enough to tell the languages apart; the rest of a long note adds nothing. */
const DETECT_SAMPLE = 400;

/**
 * Picks the language whose stopwords cover the most of the first tokens; English wins ties and
 * empty input. Takes a flat token list or one list per sentence.
 */
export function detectLanguage(
  tokens: readonly string[] | readonly (readonly string[])[],
): Language {
  const hits = new Map<Language, number>();
  let seen = 0;
  const count = (token: string) => {
    const langs = LANGUAGES_OF.get(token);
    if (langs) for (const l of langs) hits.set(l, (hits.get(l) ?? 0) + 1);
  };
  for (const item of tokens) {
    if (seen >= DETECT_SAMPLE) break;
    if (typeof item === 'string') {
      count(item);
      seen++;
    } else {
      for (const token of item) {
        if (seen++ >= DETECT_SAMPLE) break;
        count(token);
      }
    }
  }
  let best: Language = 'en';
  let bestHits = 0;
  for (const lang of LANGUAGE_ORDER) {
    const h = hits.get(lang) ?? 0;
    if (h > bestHits) {
      best = lang;
      bestHits = h;
    }
  }
  return best;
}

/** Turns word tokens into index terms: stopwords and one-letter tokens dropped, English stemmed. */
export interface TermMaker {
  language: Language;
  terms(tokens: readonly string[]): string[];
  isStopword(token: string): boolean;
}

const MAX_TERM_LENGTH = 40;

export function termMaker(language: Language): TermMaker {
  const stop = SETS.get(language)!;
  const english = language === 'en';
  // Per call: token → term, or null when the token is no term. Words repeat a lot in a note, so
  // most tokens cost one look-up; stemming runs once per distinct word.
  const memo = new Map<string, string | null>();
  const termOf = (t: string): string | null => {
    if (t.length < 2 && !/\p{N}/u.test(t)) return null;
    if (stop.has(t)) return null;
    // A 100,000-character "word" would otherwise become a 100,000-character map key.
    const w = t.length > MAX_TERM_LENGTH ? t.slice(0, MAX_TERM_LENGTH) : t;
    return english && /^[a-z']+$/.test(w) ? stemmer(w.replace(/'s$/, '')) : w;
  };
  return {
    language,
    isStopword: (t) => stop.has(t),
    terms(tokens) {
      const out: string[] = [];
      for (const t of tokens) {
        let term = memo.get(t);
        if (term === undefined) {
          term = termOf(t);
          memo.set(t, term);
        }
        if (term !== null) out.push(term);
      }
      return out;
    },
  };
}
