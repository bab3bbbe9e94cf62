import { Readable } from 'node:stream';
import { contract } from '@prodify/contract';
import { initServer } from '@ts-rest/fastify';
import type { FastifyInstance } from 'fastify';
import { unsupportedMediaType } from '../../lib/drf';
import { userOf } from '../auth/auth.plugin';
import { exportDocument, exportFileName } from './json-export';
import { notesZip } from './notes-files';
import { attachment, IMPORT_ROUTE_OPTIONS, importUpload, mediaType } from './transfer-http';
import type { UploadType } from './upload';

const s = initServer();

/** What `POST /api/import/` takes, by media type: a JSON export, Markdown files or a zip of them. */
const UPLOAD_TYPES: Record<string, UploadType> = {
  'application/json': 'json',
  'application/zip': 'zip',
  'application/x-zip-compressed': 'zip',
  'text/markdown': 'markdown',
  'text/x-markdown': 'markdown',
};

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
      handler: async ({ body, query, request, reply }) => {
        const type = UPLOAD_TYPES[mediaType(request)];
        if (!type || !Buffer.isBuffer(body)) {
          return { status: 415, body: unsupportedMediaType(mediaType(request)) };
        }
        return importUpload(app, request, reply, { type, bytes: body, fileName: query.filename });
      },
    },
  });
}
