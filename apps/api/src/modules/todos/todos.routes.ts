import { contract, type TodoPatchSchema } from '@prodify/contract';
import { initServer } from '@ts-rest/fastify';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { pagedListAnswer } from '../../db/lists/list-answer';
import { TODO_ROW } from '../../db/tables';
import { found } from '../../lib/drf';
import { userOf } from '../auth/auth.plugin';
import { ownedHandlers } from '../owned-handlers';
import { TODO_LIST } from './todos.queries';
import { createTodo, listCompletions, updateTodo } from './todos.write';

const s = initServer();

interface UpdateArgs {
  params: { id: number };
  body: z.output<typeof TodoPatchSchema>;
  request: FastifyRequest;
}

export function todosRoutes(app: FastifyInstance) {
  // PUT's body requires `task`, PATCH's does not; the change itself is the same.
  const update = async ({ params, body, request }: UpdateArgs) =>
    (await updateTodo(app.db, userOf(request).id, params.id, body)) ?? found(undefined);

  return s.router(contract.todos, {
    ...ownedHandlers(app, TODO_ROW),
    create: ({ body, request }) => createTodo(app.db, userOf(request).id, body),
    list: ({ query, request, reply }) =>
      pagedListAnswer(app, userOf(request).id, request, reply, TODO_LIST, query),
    update,
    patch: update,
    completions: async ({ params, request }) =>
      found(await listCompletions(app.db, userOf(request).id, params.id)),
  });
}
