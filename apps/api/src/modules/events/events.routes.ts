import { contract } from '@prodify/contract';
import { initServer } from '@ts-rest/fastify';
import type { FastifyInstance } from 'fastify';
import { listAnswer } from '../../db/lists/list-answer';
import { EVENT_ROW } from '../../db/tables';
import { found } from '../../lib/drf';
import { userOf } from '../auth/auth.plugin';
import { ownedHandlers } from '../owned-handlers';
import { EVENT_LIST } from './events.queries';
import { updateEvent } from './events.update';

const s = initServer();

export function eventsRoutes(app: FastifyInstance) {
  return s.router(contract.events, {
    ...ownedHandlers(app, EVENT_ROW),
    list: ({ query, request, reply }) =>
      listAnswer(app, userOf(request).id, reply, EVENT_LIST, query),
    patch: async ({ params, body, request }) =>
      found(await updateEvent(app.db, userOf(request).id, params.id, body)),
  });
}
