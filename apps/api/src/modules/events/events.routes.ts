import { contract } from '@prodify/contract';
import { initServer } from '@ts-rest/fastify';
import type { FastifyInstance } from 'fastify';
import { listAnswer } from '../../db/lists/list-answer';
import { deleteOwned, findOwned } from '../../db/owned';
import { EVENT_ROW } from '../../db/tables';
import { found, removed } from '../../lib/drf';
import { userOf } from '../auth/auth.plugin';
import { EVENT_LIST, insertEvent } from './events.queries';

const s = initServer();

export function eventsRoutes(app: FastifyInstance) {
  return s.router(contract.events, {
    list: ({ query, request, reply }) =>
      listAnswer(app, userOf(request).id, reply, EVENT_LIST, query),
    create: async ({ body, request }) => ({
      status: 201,
      body: await insertEvent(app.db, userOf(request).id, body),
    }),
    get: async ({ params, request }) =>
      found(await findOwned(app.db, EVENT_ROW, userOf(request).id, params.id)),
    remove: async ({ params, request }) =>
      removed(await deleteOwned(app.db, 'events', userOf(request).id, params.id)),
  });
}
