import { Readable } from 'node:stream';
import { contract, DATA_LIMITS, type ImportSummary } from '@prodify/contract';
import { initServer } from '@ts-rest/fastify';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unsupportedMediaType } from '../../lib/drf';
import { userOf } from '../auth/auth.plugin';
import { type ImportItems, importItems } from './import-rows';
import { exportDocument, exportFileName } from './json-export';
import { itemsFromDocument } from './json-import';
import { markdownImport, notesZip } from './notes-files';
import { HostileZipError } from './zip';

const s = initServer();

/** Route options for the import routes: their own body limit instead of the global 1 MB. */
export const IMPORT_ROUTE_OPTIONS = { bodyLimit: DATA_LIMITS.importBytes };

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
  reply.header('cache-control', 'no-store');
}

/** What `POST /api/import/` takes besides JSON: a zip of Markdown files or one Markdown file. */
const MARKDOWN_TYPES = new Set([
  'application/zip',
  'application/x-zip-compressed',
  'text/markdown',
  'text/x-markdown',
]);

type Parsed =
  | { ok: true; items: ImportItems; other: number; reasons: ImportSummary['reasons'] }
  | { ok: false; status: 400 | 415; body: Record<string, unknown> };

function parseImport(request: FastifyRequest, body: unknown, fileName?: string): Parsed {
  const type = mediaType(request);
  if (type === 'application/json') {
    const result = itemsFromDocument(body);
    return result.ok
      ? { ok: true, items: result.items, other: 0, reasons: [] }
      : { ok: false, status: 400, body: result.errors };
  }
  if (!Buffer.isBuffer(body) || !MARKDOWN_TYPES.has(type)) {
    return { ok: false, status: 415, body: unsupportedMediaType(type) };
  }
  try {
    const result = markdownImport(type, body, fileName);
    return { ok: true, ...result };
  } catch (error) {
    if (error instanceof HostileZipError) {
      return { ok: false, status: 400, body: { non_field_errors: [error.message] } };
    }
    throw error;
  }
}

export function dataRoutes(app: FastifyInstance) {
  return s.router(contract.data, {
    exportJson: async ({ request, reply }) => {
      const now = new Date();
      attachment(reply, exportFileName(now, 'json'));
      reply.type('application/json; charset=utf-8');
      const stream = Readable.from(exportDocument(app.db, userOf(request), now));
      // A stream is sent as it is read; ts-rest's types expect the document object.
      return { status: 200, body: stream as never };
    },

    exportNotes: async ({ request, reply }) => {
      const now = new Date();
      attachment(reply, exportFileName(now, 'notes.zip').replace('.notes.zip', '-notes.zip'));
      const stream = Readable.from(notesZip(app.db, userOf(request).id));
      return { status: 200, body: stream as never };
    },

    import: {
      hooks: IMPORT_ROUTE_OPTIONS as object,
      handler: async ({ body, query, request }) => {
        const parsed = parseImport(request, body, query.filename);
        if (!parsed.ok) return { status: parsed.status, body: parsed.body as never };
        const userId = userOf(request).id;
        const summary = await app.db.transaction().execute((trx) =>
          importItems(trx, userId, parsed.items, {
            other: parsed.other,
            reasons: parsed.reasons,
          }),
        );
        summary.reasons = summary.reasons.slice(0, DATA_LIMITS.reasons);
        request.log.info({ created: summary.created, skipped: summary.skipped }, 'import done');
        return { status: 201, body: summary };
      },
    },
  });
}
