/** A piece of text, and whether it matched a search term. */
export interface Piece {
  text: string;
  match: boolean;
}

/** `text` without accents, lower case, with where each folded character came from. */
function fold(text: string): { folded: string; origin: number[] } {
  let folded = '';
  const origin: number[] = [];
  let index = 0;
  for (const char of text) {
    const plain = char.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    for (let i = 0; i < plain.length; i++) origin.push(index);
    folded += plain;
    index += char.length;
  }
  origin.push(index);
  return { folded, origin };
}

const foldTerm = (term: string) => term.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The ranges of `text` (UTF-16 offsets) where any term occurs, case- and accent-insensitively. */
export function matchRanges(text: string, terms: readonly string[]): [number, number][] {
  const { folded, origin } = fold(text);
  const ranges: [number, number][] = [];
  for (const term of terms.map(foldTerm).filter(Boolean)) {
    for (let at = folded.indexOf(term); at !== -1; at = folded.indexOf(term, at + term.length)) {
      ranges.push([origin[at] ?? 0, origin[at + term.length] ?? text.length]);
    }
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const range of ranges) {
    const last = merged.at(-1);
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([...range]);
  }
  return merged;
}

/** `text` cut into pieces that match a term and pieces that do not (as search results show it). */
export function highlightPieces(text: string, terms: readonly string[]): Piece[] {
  const pieces: Piece[] = [];
  let at = 0;
  for (const [start, end] of matchRanges(text, terms)) {
    if (start > at) pieces.push({ text: text.slice(at, start), match: false });
    pieces.push({ text: text.slice(start, end), match: true });
    at = end;
  }
  if (at < text.length) pieces.push({ text: text.slice(at), match: false });
  return pieces;
}

/**
 * The part of `text` around its first match, about `size` characters, with "…" where it was
 * cut; the start of the text when nothing matches.
 */
export function snippetAround(text: string, terms: readonly string[], size = 220): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= size) return flat;
  const first = matchRanges(flat, terms)[0];
  const start = first ? Math.max(0, first[0] - Math.floor(size / 3)) : 0;
  const end = Math.min(flat.length, start + size);
  return `${start > 0 ? '…' : ''}${flat.slice(start, end)}${end < flat.length ? '…' : ''}`;
}
