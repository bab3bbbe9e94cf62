import { highlightPieces } from '../lib/highlight';

/** Text with a search's matches marked (`<mark>`); the text as it is without terms. */
export function Marked({ text, terms }: { text: string; terms: readonly string[] }) {
  if (terms.length === 0) return text;
  return highlightPieces(text, terms).map((piece, i) =>
    piece.match ? <mark key={i}>{piece.text}</mark> : <span key={i}>{piece.text}</span>,
  );
}
