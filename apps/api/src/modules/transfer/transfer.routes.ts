import { Readable } from 'node:stream';
import { contract } from '@prodify/contract';
import { initServer } from '@ts-rest/fastify';
import type { FastifyInstance } from 'fastify';
import { NOT_FOUND, unsupportedMediaType } from '../../lib/drf';
import { noStore } from '../../lib/http';
import { userOf } from '../auth/auth.plugin';
import { deleteFeed, feedOwner, feedPath, feedStatus, rotateFeed } from './feed.queries';
import { icsChunks, icsText } from './ics-export';
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

const CALENDAR_TYPE = 'text/calendar; charset=utf-8';

/** Exports, imports and the calendar feed (ADRs 0414, 0415, 0420). */
export function transferRoutes(app: FastifyInstance) {
  return s.router(contract.transfer, {
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

    calendarExport: async ({ request, reply }) => {
      attachment(reply, 'prodify.ics');
      reply.type(CALENDAR_TYPE);
      const render = app.transfer.pool.calendarComponents;
      const stream = Readable.from(icsChunks(app.db, userOf(request).id, render));
      return { status: 200, body: stream as never };
    },

    calendarImport: {
      hooks: IMPORT_ROUTE_OPTIONS as object,
      handler: async ({ body, request, reply }) => {
        if (mediaType(request) !== 'text/calendar' || !Buffer.isBuffer(body)) {
          return { status: 415, body: unsupportedMediaType(mediaType(request)) };
        }
        return importUpload(app, request, reply, { type: 'calendar', bytes: body });
      },
    },

    feedStatus: async ({ request }) => ({
      status: 200,
      body: await feedStatus(app.db, userOf(request).id),
    }),

    feedCreate: async ({ request, reply }) => {
      const token = await rotateFeed(app.db, userOf(request).id);
      noStore(reply);
      return { status: 201, body: { url: feedPath(token) } };
    },

    feedDelete: async ({ request }) => {
      await deleteFeed(app.db, userOf(request).id);
      return { status: 204, body: undefined };
    },

    feed: async ({ params, request, reply }) => {
      const token = params.file.slice(0, -'.ics'.length);
      const userId = await feedOwner(app.db, token);
      if (userId === undefined) return { status: 404, body: NOT_FOUND };
      const { text, etag } = await icsText(app.db, userId, app.transfer.pool.calendarComponents);
      reply.header('etag', etag);
      reply.header('cache-control', 'private, no-cache');
      const given = request.headers['if-none-match'];
      if (given?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
        return { status: 304, body: undefined };
      }
      reply.header('content-disposition', 'inline; filename="prodify.ics"');
      return { status: 200, body: text };
    },
  });
}
