import { type FieldErrors, TRANSFER_LIMITS } from '@prodify/contract';
import { CalendarParseError, itemsFromCalendar } from './ics-import';
import type { FileItems } from './import-items';
import { itemsFromDocument, JsonFileError, parseJsonFile } from './json-import';
import { markdownImport } from './notes-files';
import { type BatchSize, type PreparedImport, prepareImport } from './prepare-import';
import { HostileZipError } from './zip';

/** The kinds of file the imports take, by their media type (transfer.routes.ts). */
export type UploadType = 'json' | 'markdown' | 'zip' | 'calendar';

export interface UploadTask {
  type: UploadType;
  bytes: Uint8Array;
  /** The uploaded file's name (a Markdown file's title when it has no heading). */
  fileName?: string | undefined;
  /** The insert batches' size, by database (prepare-import.ts). */
  batch?: BatchSize;
}

/** The file's rows, or the 400 answer that refuses it as a whole. */
export type UploadResult =
  | { ok: true; prepared: PreparedImport }
  | { ok: false; body: FieldErrors | { detail: string } };

const utf8 = new TextDecoder('utf-8');

function fileItems(task: UploadTask): FileItems | { refused: FieldErrors } {
  switch (task.type) {
    case 'json': {
      const parsed = itemsFromDocument(parseJsonFile(task.bytes));
      if (!parsed.ok) return { refused: parsed.errors };
      return { items: parsed.items, other: 0, reasons: [] };
    }
    case 'calendar':
      return itemsFromCalendar(utf8.decode(task.bytes));
    case 'markdown':
    case 'zip':
      return markdownImport(task.type, task.bytes, task.fileName);
  }
}

/**
 * Reads an uploaded file into the rows an import adds (run in the transfer worker: ADR 0420).
 * Every refusal is a 400 whose reason is ours: a limit, a malformed file, a hostile zip.
 */
export function readUpload(task: UploadTask): UploadResult {
  try {
    const read = fileItems(task);
    if ('refused' in read) return { ok: false, body: read.refused };
    return { ok: true, prepared: prepareImport(read, TRANSFER_LIMITS.reasons, task.batch) };
  } catch (error) {
    if (error instanceof JsonFileError) return { ok: false, body: { detail: error.message } };
    if (error instanceof CalendarParseError || error instanceof HostileZipError) {
      return { ok: false, body: { non_field_errors: [error.message] } };
    }
    throw error;
  }
}
