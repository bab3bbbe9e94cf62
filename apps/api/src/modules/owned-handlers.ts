import type { FastifyInstance, FastifyRequest } from 'fastify';
import { deleteOwned, findOwned, insertOwned, type NewOwned, type OwnedTable } from '../db/owned';
import type { RowDef } from '../db/rows';
import { found, removed } from '../lib/drf';
import { userOf } from './auth/auth.plugin';

interface IdArgs {
  params: { id: number };
  request: FastifyRequest;
}

/**
 * The handlers every resource of the user's own has alike (create, get, delete), scoped to the
 * signed-in user: another user's id is simply not found.
 */
export function ownedHandlers<R extends RowDef & { table: OwnedTable }>(
  app: FastifyInstance,
  row: R,
) {
  return {
    create: async ({ body, request }: { body: NewOwned<R>; request: FastifyRequest }) => ({
      status: 201 as const,
      body: await insertOwned(app.db, row, userOf(request).id, body),
    }),
    get: async ({ params, request }: IdArgs) =>
      found(await findOwned(app.db, row, userOf(request).id, params.id)),
    remove: async ({ params, request }: IdArgs) =>
      removed(await deleteOwned(app.db, row.table, userOf(request).id, params.id)),
  };
}
