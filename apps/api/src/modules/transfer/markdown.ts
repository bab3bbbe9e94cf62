import { createHash } from 'node:crypto';
import { ExportTimestampSchema, LIMITS, TRANSFER_LIMITS } from '@prodify/contract';
import { parse, stringify } from 'yaml';
import type { NewNote } from './import-rows';
import { sourceOf } from './json-import';

/** A note as the Markdown export writes it. */
export interface MarkdownNote {
  id: number;
  title: string;
  content: string;
  created_at: string;
  summary: string | null;
}

/**
 * A safe file name: the title's slug (ASCII letters, digits and dashes, at most 60) and the id,
 * so names are unique, never empty, and cannot climb out of a folder.
 */
export function noteFileName(note: { id: number; title: string }): string {
  const slug = note.title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${slug || 'note'}-${note.id}.md`;
}

/**
 * YAML front matter (title, id, created_at, summary when saved), a blank line, the content.
 * The id and created_at are what the JSON import knows a note by (its source key), so the two
 * exports of one account import as the same notes, whichever comes first.
 */
export function noteToMarkdown(note: MarkdownNote): string {
  const front: Record<string, string | number> = {
    title: note.title,
    id: note.id,
    created_at: note.created_at,
  };
  if (note.summary !== null) front.summary = note.summary;
  return `---\n${stringify(front, { lineWidth: 0 })}---\n\n${note.content}\n`;
}

const FRONT_MATTER = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;
const HEADING = /^#[ \t]+(.+?)[ \t#]*$/m;

export type ParsedMarkdown = { ok: true; note: NewNote } | { ok: false; reason: string };

/** Text Postgres can store: no NUL (a file name, or a YAML "\0" escape, may carry one). */
const clean = (text: string) => text.replaceAll('\u0000', '');
/** A title or file name on one line: control characters become spaces. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are the point
const oneLine = (text: string) => text.replace(/[\u0000-\u001f\u007f]+/g, ' ');

/** The front matter as an object; a front matter that is not YAML (or not a map) counts as none. */
function frontMatterOf(yamlText: string): Record<string, unknown> {
  try {
    // Aliases are bounded: a "billion laughs" front matter fails instead of growing.
    const value: unknown = parse(yamlText, { maxAliasCount: 50, prettyErrors: false });
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (value instanceof Date && !Number.isNaN(value.getTime())) return value.toISOString();
  return undefined;
}

/** An id as an export writes it (a positive integer within the ids' range), or undefined. */
function exportedId(value: unknown): number | undefined {
  const n = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= LIMITS.idMax
    ? n
    : undefined;
}

/**
 * One Markdown file as a note: title from the front matter, else the first `# heading`, else
 * the file name; `created_at` and `summary` from the front matter when they are valid. A title
 * longer than a note's is shortened; an empty or over-long file is skipped with its reason.
 */
export function noteFromMarkdown(path: string, raw: string): ParsedMarkdown {
  const text = clean(raw.replace(/^\ufeff/, ''));
  const match = FRONT_MATTER.exec(text);
  if (match && (match[1] as string).length > TRANSFER_LIMITS.frontMatterChars) {
    return {
      ok: false,
      reason: `its front matter is longer than ${TRANSFER_LIMITS.frontMatterChars / 1024} KiB`,
    };
  }
  const front = match ? frontMatterOf(match[1] as string) : {};
  const body = (match ? text.slice(match[0].length) : text).trim();
  if (body === '') return { ok: false, reason: 'the file has no content' };
  if (body.length > LIMITS.noteContentMax) {
    return { ok: false, reason: `longer than ${LIMITS.noteContentMax} characters` };
  }
  const baseName = path.split('/').pop() ?? path;
  const fileTitle = baseName.replace(/\.(md|markdown)$/i, '');
  const title =
    [textOf(front.title), HEADING.exec(body)?.[1], fileTitle, 'Untitled']
      .map((t) => (t === undefined ? undefined : oneLine(t).trim()))
      .find((t) => t !== undefined && t !== '') ?? 'Untitled';
  const createdAt = textOf(front.created_at);
  const validCreated = createdAt && ExportTimestampSchema.safeParse(createdAt).success;
  const frontSummary = textOf(front.summary);
  const summary = frontSummary === undefined ? undefined : clean(frontSummary);
  // Our own export's front matter has the id (older ones only the name, ending in -<id>.md):
  // with its created_at, that is the note it came from, as the JSON export names it.
  const id = exportedId(front.id) ?? exportedId(/-(\d{1,10})\.md$/i.exec(baseName)?.[1]);
  const own = validCreated && id !== undefined ? { id, created_at: createdAt } : undefined;
  const hash = createHash('sha256').update(path).update('\0').update(text).digest('base64url');
  return {
    ok: true,
    note: {
      source: own ? sourceOf(own) : `md:${hash}`,
      ...(own ? { own } : {}),
      title: [...title].slice(0, LIMITS.noteTitleMax).join('').trim(),
      content: body,
      summary: summary?.trim() ? summary.slice(0, LIMITS.noteContentMax) : null,
      ...(validCreated ? { created_at: createdAt } : {}),
    },
  };
}
