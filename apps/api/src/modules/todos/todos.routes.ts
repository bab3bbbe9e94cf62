import { contract, type Todo } from '@prodify/contract';
import { initServer } from '@ts-rest/fastify';
import type { FastifyInstance } from 'fastify';
import { NOT_FOUND } from '../../lib/drf';
import { jsonText, pageRequest, paginateJson } from '../../lib/pagination';
import { userOf } from '../auth/auth.plugin';
import {
  deleteTodo,
  findTodo,
  insertTodo,
  listTodosJson,
  pageTodosJson,
  updateTodo,
} from './todos.queries';

const s = initServer();

export function todosRoutes(app: FastifyInstance) {
  return s.router(contract.todos, {
    list: async ({ query, request, reply }) => {
      const user = userOf(request);
      const page = pageRequest(query);
      const key = `todos ${query.ordering ?? ''}`;
      if (!page) {
        const { body } = await app.listCache.list(app.db, user.id, key, () =>
          listTodosJson(app.db, user.id, query.ordering),
        );
        return { status: 200, body: jsonText<Todo[]>(reply, body) };
      }
      return paginateJson<Todo>(request, reply, page, (limit, offset) =>
        app.listCache.page(app.db, user.id, key, limit, offset, () =>
          pageTodosJson(app.db, user.id, query.ordering, limit, offset),
        ),
      );
    },

    create: async ({ body, request }) => {
      return { status: 201, body: await insertTodo(app.db, userOf(request).id, body) };
    },

    get: async ({ params, request }) => {
      const todo = await findTodo(app.db, userOf(request).id, params.id);
      return todo ? { status: 200, body: todo } : { status: 404, body: NOT_FOUND };
    },

    update: async ({ params, body, request }) => {
      const todo = await updateTodo(app.db, userOf(request).id, params.id, body);
      return todo ? { status: 200, body: todo } : { status: 404, body: NOT_FOUND };
    },

    patch: async ({ params, body, request }) => {
      const todo = await updateTodo(app.db, userOf(request).id, params.id, body);
      return todo ? { status: 200, body: todo } : { status: 404, body: NOT_FOUND };
    },

    remove: async ({ params, request }) => {
      const deleted = await deleteTodo(app.db, userOf(request).id, params.id);
      return deleted ? { status: 204, body: undefined } : { status: 404, body: NOT_FOUND };
    },
  });
}
