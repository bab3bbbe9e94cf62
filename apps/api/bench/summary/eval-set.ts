import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface EvalNote {
  id: string;
  kind: string;
  text: string;
  reference: string;
}

const SEPARATOR = /^~~~ reference ~~~$/m;
const HEADER = /^kind: (\S+)\n(?:line-breaks: (lf|crlf)\n)?\n/;

/**
 * Reads a hand-written evaluation set: one Markdown file per text, a `kind: …` line, optionally a
 * `line-breaks: crlf` line (the text is then given to the systems with \r\n line breaks, as chat
 * exports often have), a blank line, the text, a `~~~ reference ~~~` line and the reference.
 */
export function loadEvalSet(dir: string): EvalNote[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((file) => {
      const raw = readFileSync(join(dir, file), 'utf8').replace(/\r\n?/g, '\n');
      const header = HEADER.exec(raw);
      const parts = raw.split(SEPARATOR);
      if (!header || parts.length !== 2)
        throw new Error(`${file}: expected "kind:" and one reference`);
      const text = parts[0]!.slice(header[0].length).trim();
      return {
        id: file.replace(/\.md$/, ''),
        kind: header[1]!,
        text: header[2] === 'crlf' ? text.replace(/\n/g, '\r\n') : text,
        reference: parts[1]!.trim(),
      };
    });
}

/**
 * The held-out discipline of the benchmark: weights may be searched on the odd-numbered files
 * (01, 03, …) of a set, never on the even-numbered ones, which are only ever scored.
 */
export function halves(notes: readonly EvalNote[]): { tune: EvalNote[]; heldOut: EvalNote[] } {
  return {
    tune: notes.filter((_, i) => i % 2 === 0),
    heldOut: notes.filter((_, i) => i % 2 === 1),
  };
}
