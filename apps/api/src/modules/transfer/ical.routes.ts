import { Readable } from 'node:stream';
import { contract, DATA_LIMITS } from '@prodify/contract';
import { initServer } from '@ts-rest/fastify';
import type { FastifyInstance } from 'fastify';
import { NOT_FOUND, unsupportedMediaType } from '../../lib/drf';
import { userOf } from '../auth/auth.plugin';
import { attachment, IMPORT_ROUTE_OPTIONS, mediaType } from './data.routes';
import { deleteFeed, feedOwner, feedPath, feedStatus, rotateFeed } from './feed.queries';
import { icsChunks, icsText } from './ics-export';
import { CalendarParseError, itemsFromCalendar } from './ics-import';
import { importItems } from './import-rows';

const s = initServer();

const CALENDAR_TYPE = 'text/calendar; charset=utf-8';

export function icalRoutes(app: FastifyInstance) {
  return s.router(contract.ical, {
    export: async ({ request, reply }) => {
      attachment(reply, 'prodify.ics');
      reply.type(CALENDAR_TYPE);
      const stream = Readable.from(icsChunks(app.db, userOf(request).id));
      return { status: 200, body: stream as never };
    },

    import: {
      hooks: IMPORT_ROUTE_OPTIONS as object,
      handler: async ({ body, request }) => {
        if (mediaType(request) !== 'text/calendar' || !Buffer.isBuffer(body)) {
          return { status: 415, body: unsupportedMediaType(mediaType(request)) };
        }
        let parsed: ReturnType<typeof itemsFromCalendar>;
        try {
          parsed = itemsFromCalendar(new TextDecoder('utf-8').decode(body));
        } catch (error) {
          if (error instanceof CalendarParseError) {
            return { status: 400, body: { non_field_errors: [error.message] } };
          }
          throw error;
        }
        const userId = userOf(request).id;
        const summary = await app.db
          .transaction()
          .execute((trx) => importItems(trx, userId, parsed.items, parsed));
        summary.reasons = summary.reasons.slice(0, DATA_LIMITS.reasons);
        return { status: 201, body: summary };
      },
    },

    feedStatus: async ({ request }) => ({
      status: 200,
      body: await feedStatus(app.db, userOf(request).id),
    }),

    feedCreate: async ({ request }) => {
      const token = await rotateFeed(app.db, userOf(request).id);
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
      const { text, etag } = await icsText(app.db, userId);
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
