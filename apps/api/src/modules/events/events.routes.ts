import { type CalendarEvent, contract } from '@prodify/contract';
import { initServer } from '@ts-rest/fastify';
import type { FastifyInstance } from 'fastify';
import { NOT_FOUND } from '../../lib/drf';
import { jsonText } from '../../lib/pagination';
import { userOf } from '../auth/auth.plugin';
import { deleteEvent, findEvent, insertEvent, listEventsJson } from './events.queries';

const s = initServer();

export function eventsRoutes(app: FastifyInstance) {
  return s.router(contract.events, {
    list: async ({ query, request, reply }) => {
      // `?date=` (empty means no filter, as the original) or an inclusive `?from=&to=` range.
      const userId = userOf(request).id;
      const filter = { date: query.date || undefined, from: query.from, to: query.to };
      const { body } = await app.listCache.list(
        app.db,
        userId,
        `events ${filter.date ?? ''} ${filter.from ?? ''} ${filter.to ?? ''}`,
        () => listEventsJson(app.db, userId, filter),
      );
      return { status: 200, body: jsonText<CalendarEvent[]>(reply, body) };
    },

    create: async ({ body, request }) => {
      return { status: 201, body: await insertEvent(app.db, userOf(request).id, body) };
    },

    get: async ({ params, request }) => {
      const event = await findEvent(app.db, userOf(request).id, params.id);
      return event ? { status: 200, body: event } : { status: 404, body: NOT_FOUND };
    },

    remove: async ({ params, request }) => {
      const deleted = await deleteEvent(app.db, userOf(request).id, params.id);
      return deleted ? { status: 204, body: undefined } : { status: 404, body: NOT_FOUND };
    },
  });
}
