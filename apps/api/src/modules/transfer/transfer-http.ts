import { rm } from 'node:fs/promises';
import { type FieldErrors, type ImportSummary, TRANSFER_LIMITS } from '@prodify/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { detail } from '../../lib/drf';
import { noStore } from '../../lib/http';
import { userOf } from '../auth/auth.plugin';
import { importPrepared } from './import-rows';
import { ImportBusyError, withImportRun } from './import-run';
import { BATCH_SIZES } from './prepare-import';
import { FileTooComplexError, TransferBusyError } from './transfer-pool';
import type { UploadTask } from './upload';

/** Route options for the import routes: their own body limit instead of the global 1 MB. */
export const IMPORT_ROUTE_OPTIONS = { bodyLimit: TRANSFER_LIMITS.importBytes };

/** The body's media type without parameters, lower-cased. */
export function mediaType(request: FastifyRequest): string {
  return (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/** `attachment` with the file name, so a browser saves the answer. */
export function attachment(
  reply: { header(key: string, value: string): unknown },
  fileName: string,
) {
  reply.header('content-disposition', `attachment; filename="${fileName}"`);
  noStore(reply);
}

/** How long a client waits before trying an import again (another one of theirs is running). */
const RETRY_AFTER_S = 10;

export const IMPORT_BUSY = detail(
  'Another import of yours is still running. Try again when it has finished.',
);
export const IMPORTS_FULL = detail(
  'The server is busy with other imports. Please try again shortly.',
);
export const FILE_TOO_COMPLEX = detail(
  'This file needs more memory or time to read than an import may use: split it into smaller files.',
);

type ImportAnswer =
  | { status: 201; body: ImportSummary }
  | { status: 400; body: FieldErrors | { detail: string } }
  | { status: 413 | 429 | 503; body: { detail: string } };

/**
 * An upload's import (ADR 0420): one per user at a time (a second answers 429 with
 * Retry-After), the file read into rows by the transfer worker, then written by an import run.
 */
export async function importUpload(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: { header(key: string, value: string): unknown },
  task: UploadTask,
): Promise<ImportAnswer> {
  const userId = userOf(request).id;
  const busy = () => {
    reply.header('retry-after', String(RETRY_AFTER_S));
    return { status: 429 as const, body: IMPORT_BUSY };
  };
  const release = app.transfer.claims.claim(userId);
  if (!release) return busy();
  let file: string | undefined;
  try {
    const read = await app.transfer.pool.readUpload({ ...task, batch: BATCH_SIZES[app.dbKind] });
    if (!read.ok) return { status: 400, body: read.body };
    file = read.prepared.file;
    const summary = await withImportRun(app.db, app.dbKind, userId, (run) =>
      importPrepared(run, userId, read.prepared),
    );
    summary.reasons = summary.reasons.slice(0, TRANSFER_LIMITS.reasons);
    request.log.info({ created: summary.created, skipped: summary.skipped }, 'import done');
    return { status: 201, body: summary };
  } catch (error) {
    if (error instanceof ImportBusyError) return busy();
    if (error instanceof TransferBusyError) {
      reply.header('retry-after', String(RETRY_AFTER_S));
      return { status: 503, body: IMPORTS_FULL };
    }
    if (error instanceof FileTooComplexError) return { status: 413, body: FILE_TOO_COMPLEX };
    throw error;
  } finally {
    release();
    if (file) await rm(file, { force: true });
  }
}
