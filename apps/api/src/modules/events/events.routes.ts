import { contract } from '@prodify/contract';
import { initServer } from '@ts-rest/fastify';
import type { FastifyInstance } from 'fastify';
import { listAnswer } from '../../db/lists/list-answer';
import { EVENT_ROW } from '../../db/tables';
import { found } from '../../lib/drf';
import { userOf } from '../auth/auth.plugin';
import { ownedHandlers } from '../owned-handlers';
import { patchOccurrence, removeOccurrence } from './events.exceptions';
import { EVENT_LIST } from './events.queries';
import { eventWindow, occurrencesAnswer } from './events.range';
import { createEvent, updateEvent } from './events.write';

const s = initServer();

export function eventsRoutes(app: FastifyInstance) {
  return s.router(contract.events, {
    ...ownedHandlers(app, EVENT_ROW),
    list: async ({ query, request, reply }) => {
      const days = eventWindow(query);
      if (days === undefined) return listAnswer(app, userOf(request).id, reply, EVENT_LIST, query);
      if (days === null) return { status: 200 as const, body: [] };
      const field = query.start === undefined ? 'date' : 'end';
      return occurrencesAnswer(app, userOf(request).id, reply, days, field);
    },
    create: ({ body, request }) => createEvent(app.db, userOf(request).id, body),
    patch: async ({ params, body, request }) =>
      (await updateEvent(app.db, userOf(request).id, params.id, body)) ?? found(undefined),
    patchOccurrence: ({ params, body, request }) =>
      patchOccurrence(app.db, userOf(request).id, params.id, params.date, body),
    removeOccurrence: ({ params, request }) =>
      removeOccurrence(app.db, userOf(request).id, params.id, params.date),
  });
}
