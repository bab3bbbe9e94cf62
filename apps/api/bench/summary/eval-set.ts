import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface EvalNote {
  id: string;
  kind: string;
  text: string;
  reference: string;
}

const SEPARATOR = /^~~~ reference ~~~$/m;

/**
 * Reads the hand-written evaluation set: one Markdown file per note, a `kind: …` line, a blank
 * line, the note, a `~~~ reference ~~~` line and the reference summary.
 */
export function loadEvalSet(dir: string): EvalNote[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((file) => {
      const raw = readFileSync(join(dir, file), 'utf8').replace(/\r\n?/g, '\n');
      const kind = /^kind: (\S+)\n\n/.exec(raw);
      const parts = raw.split(SEPARATOR);
      if (!kind || parts.length !== 2)
        throw new Error(`${file}: expected "kind:" and one reference`);
      return {
        id: file.replace(/\.md$/, ''),
        kind: kind[1]!,
        text: parts[0]!.slice(kind[0].length).trim(),
        reference: parts[1]!.trim(),
      };
    });
}
