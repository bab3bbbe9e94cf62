/** How much of a note the list shows: its first lines, up to a length. */
export const PREVIEW_LINES = 4;
export const PREVIEW_CHARS = 280;

/**
 * The start of a note for the list: its first `PREVIEW_LINES` non-blank lines, cut at
 * `PREVIEW_CHARS` (at a word when there is one), and whether anything was left out.
 */
export function notePreview(content: string): { text: string; more: boolean } {
  const lines = content.replace(/\r\n?/g, '\n').split('\n');
  const kept: string[] = [];
  let seen = 0;
  let i = 0;
  for (; i < lines.length && seen < PREVIEW_LINES; i++) {
    const line = lines[i] ?? '';
    kept.push(line);
    if (line.trim() !== '') seen++;
  }
  let text = kept.join('\n').trimEnd();
  const restHasText = lines.slice(i).some((l) => l.trim() !== '');
  let more = restHasText;
  if (text.length > PREVIEW_CHARS) {
    const cut = text.slice(0, PREVIEW_CHARS);
    const space = cut.lastIndexOf(' ');
    text = `${(space > PREVIEW_CHARS / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
    more = true;
  }
  return { text, more };
}
