import { Readable } from 'node:stream';
import { contract } from '@prodify/contract';
import { initServer } from '@ts-rest/fastify';
import type { FastifyInstance } from 'fastify';
import { NOT_FOUND, unsupportedMediaType } from '../../lib/drf';
import { noStore } from '../../lib/http';
import { userOf } from '../auth/auth.plugin';
import { deleteFeed, feedOwner, feedPath, feedStatus, rotateFeed } from './feed.queries';
import { icsChunks, icsText } from './ics-export';
import { attachment, IMPORT_ROUTE_OPTIONS, importUpload, mediaType } from './transfer-http';

const s = initServer();

const CALENDAR_TYPE = 'text/calendar; charset=utf-8';

export function icalRoutes(app: FastifyInstance) {
  return s.router(contract.ical, {
    export: async ({ request, reply }) => {
      attachment(reply, 'prodify.ics');
      reply.type(CALENDAR_TYPE);
      const render = app.transfer.pool.calendarComponents;
      const stream = Readable.from(icsChunks(app.db, userOf(request).id, render));
      return { status: 200, body: stream as never };
    },

    import: {
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
