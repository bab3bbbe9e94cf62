import { type ImportSummary, TRANSFER_LIMITS } from '@prodify/contract';
import type { Executor } from '../../db/types';
import type { FileItems, NewNote } from './import-items';
import { exportRows } from './json-export';
import { type MarkdownNote, noteFileName, noteFromMarkdown, noteToMarkdown } from './markdown';
import { HostileZipError, readZip, ZipWriter } from './zip';

/** The user's notes as a zip of Markdown files, written as the notes are read. */
export async function* notesZip(db: Executor, userId: number): AsyncGenerator<Buffer> {
  const zip = new ZipWriter();
  for await (const json of exportRows(db, 'notes', userId)) {
    const note = JSON.parse(json) as MarkdownNote;
    await zip.add(noteFileName(note), noteToMarkdown(note), new Date(note.created_at));
    const chunk = zip.take();
    if (chunk) yield chunk;
  }
  zip.end();
  const rest = zip.take();
  if (rest) yield rest;
}

const MARKDOWN_FILE = /\.(md|markdown)$/i;
/** Folders of a zip that only hold a tool's own files. */
const TOOL_FOLDER = /(^|\/)(__MACOSX|\.obsidian|\.trash|\.git)\//;

const utf8 = new TextDecoder('utf-8');

/**
 * The notes of a Markdown upload: one Markdown file, or a zip of them (its other files are
 * skipped and counted as `other`). A hostile zip throws HostileZipError.
 */
export function markdownImport(
  type: 'markdown' | 'zip',
  body: Uint8Array,
  fileName = 'note.md',
): FileItems {
  const notes: NewNote[] = [];
  const reasons: ImportSummary['reasons'] = [];
  let other = 0;
  const take = (name: string, data: Uint8Array) => {
    const parsed = noteFromMarkdown(name, utf8.decode(data));
    if (parsed.ok) notes.push(parsed.note);
    else {
      other += 1;
      if (reasons.length < TRANSFER_LIMITS.reasons)
        reasons.push({ item: name, reason: parsed.reason });
    }
  };
  if (type === 'markdown') {
    take(fileName.split(/[\\/]/).pop() || 'note.md', body);
  } else {
    const { files, ignored } = readZip(
      body,
      (name) => MARKDOWN_FILE.test(name) && !TOOL_FOLDER.test(name),
    );
    for (const file of files) take(file.name, file.data);
    for (const name of ignored) {
      other += 1;
      if (reasons.length < TRANSFER_LIMITS.reasons) {
        reasons.push({ item: name, reason: 'not a Markdown file' });
      }
    }
    if (files.length === 0 && ignored.length === 0) {
      throw new HostileZipError('The zip holds no files.');
    }
  }
  return { items: { notes, todos: [], events: [] }, other, reasons };
}
