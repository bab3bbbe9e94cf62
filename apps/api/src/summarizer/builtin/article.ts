import type { Unit } from './structure';

/**
 * News-article cues. A pasted news story is summarized the way news is: its lead carries the
 * facts, while direct quotes, their attributions and colour rarely belong in a summary. These
 * helpers find the quoted sentences, decide whether a note reads like an article, and strip a
 * wire dateline ("RIVERTON —", "ST. CLAIR (Newsline) --") from the lead.
 */

/** Reporting verbs: "…, officials said.", "according to the agency", "she told reporters". */
const ATTRIBUTION_RE =
  /\b(?:said|says|told|added|explained|recalled|warned|according to|announced|insisted)\b/iu;

/**
 * A dateline opening a story: an upper-case place ("RIVERTON", "ST. CLAIR, Minn."), an agency in
 * brackets ("(Newsline)"), or both, then a dash and the lead, which starts with a capital, a
 * digit or a quote. The place needs two or more capitals in a row, so ordinary prose ("The plan —
 * as agreed —", "We met the CEO — and she said yes") does not match.
 */
const DATELINE_RE =
  /^(?:(?:\p{Lu}[\p{Lu}\p{M}.'’-]+(?:\s+\p{Lu}[\p{Lu}\p{M}.'’-]*){0,3})(?:,\s*\p{Lu}[\p{L}.]*(?:\s\p{Lu}[\p{L}.]*)?)?\s*(?:\([^()\n]{1,30}\)\s*)?|\([^()\n]{1,30}\)\s*)(?:—|–|--)\s*(?=[\p{Lu}\p{N}"“'‘])/u;

/** How many sentences an open quotation may run on before we assume a stray quote mark. */
const MAX_QUOTE_RUN = 4;

const QUOTE_MARK_RE = /["“”'‘’]/gu;

const isLetter = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c);

/**
 * For each unit, the share of its characters inside quotation marks. Quotes may open in one
 * sentence and close a few sentences later ('"We have boats out. Stay off the water. It is
 * moving fast," Kessler said.'), so the state carries over within a paragraph. Straight double
 * quotes toggle; curly ones open and close; single quotes count only at word edges (an
 * apostrophe inside "don't" or after "parents'" is no quote).
 */
export function quotedShares(units: readonly Unit[]): Float64Array {
  const shares = new Float64Array(units.length);
  let inside: false | 'double' | 'single' = false;
  let run = 0;
  let group = -1;
  for (let u = 0; u < units.length; u++) {
    const unit = units[u]!;
    if (unit.group !== group || run >= MAX_QUOTE_RUN) {
      inside = false;
      run = 0;
      group = unit.group;
    }
    const s = unit.body;
    // Only the quote marks matter: jump from one to the next, counting the stretches inside.
    let quoted = 0;
    let from = 0;
    for (const m of s.matchAll(QUOTE_MARK_RE)) {
      const i = m.index;
      if (inside) quoted += i - from;
      from = i + 1;
      const c = m[0];
      if (c === '"') {
        inside = inside === 'double' ? false : inside || 'double';
      } else if (c === '“') {
        if (!inside) inside = 'double';
      } else if (c === '”') {
        if (inside === 'double') inside = false;
      } else {
        const prev = s[i - 1];
        const next = s[i + 1];
        const opens = (prev === undefined || /[\s([—–-]/u.test(prev)) && isLetter(next);
        const closes = prev !== undefined && /[.,!?;:]/u.test(prev) && !isLetter(next);
        if (!inside && opens && c !== '’') inside = 'single';
        else if (inside === 'single' && closes) inside = false;
      }
    }
    if (inside) quoted += s.length - from;
    shares[u] = s.length > 0 ? quoted / s.length : 0;
    run = inside ? run + 1 : 0;
  }
  return shares;
}

/**
 * A direct-quote sentence: most of it is inside quotation marks, or it opens with a quote
 * ('"This was not a cyberattack," Park said.').
 */
export function isQuoteSentence(body: string, share: number): boolean {
  return share >= 0.5 || (share >= 0.2 && /^["“'‘]/u.test(body));
}

export function isAttribution(body: string): boolean {
  return ATTRIBUTION_RE.test(body);
}

/**
 * Where the lead starts: after a dateline at the start of the text, or after a headline and a
 * dateline run together, as text copied from a web page often is ("Voters reject stadium plan
 * KINGSPORT — Voters in Kingsport…"): a few words without end punctuation, then the dateline.
 * 0 when there is no dateline.
 */
export function leadStart(text: string): number {
  const at = DATELINE_RE.exec(text);
  if (at) return at[0].length;
  const head = text.slice(0, 200);
  for (const m of head.matchAll(/\s+/gu)) {
    const prefix = head.slice(0, m.index);
    if (/[.!?:;]["'”’)]?$/u.test(prefix)) return 0;
    const rest = text.slice(m.index + m[0].length);
    if (!/^\p{Lu}[\p{Lu}\p{M}.'’-]|^\(/u.test(rest)) continue;
    const inner = DATELINE_RE.exec(rest);
    if (inner && prefix.split(' ').length >= 3) return m.index + m[0].length + inner[0].length;
  }
  return 0;
}

/**
 * Reads like a news article: prose (the caller has ruled out chats and lists) of at least six
 * sentences where at least a fifth of the sentences (three or more) quote or attribute someone,
 * or that opens with a dateline and quotes or attributes at least once ("TODO — …" is no
 * dateline). Personal notes, lectures and essays rarely do either.
 */
export function looksLikeArticle(
  units: readonly Unit[],
  shares: Float64Array,
): { article: boolean; quotes: boolean[] } {
  const quotes = units.map((u, i) => isQuoteSentence(u.body, shares[i]!));
  if (units.length < 6) return { article: false, quotes };
  let reported = 0;
  units.forEach((u, i) => {
    if (quotes[i] || isAttribution(u.body)) reported++;
  });
  const dateline = reported > 0 && leadStart(units[0]!.body) > 0;
  return { article: dateline || reported >= Math.max(3, units.length * 0.2), quotes };
}
