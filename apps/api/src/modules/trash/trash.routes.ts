import { contract } from '@prodify/contract';
import { initServer } from '@ts-rest/fastify';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { OwnedTable } from '../../db/owned';
import type { RowDef } from '../../db/rows';
import { EVENT_ROW, NOTE_ROW, TODO_ROW } from '../../db/tables';
import { found, removed } from '../../lib/drf';
import { jsonText, pageRequest, paginateJson } from '../../lib/pagination';
import { userOf } from '../auth/auth.plugin';
import {
  emptyTrash,
  listTrash,
  purgeTrash,
  removeTrashed,
  restoreOwned,
  trashPage,
} from './trash.queries';

const s = initServer();

/** How often each process purges the entries past their days (queries ignore them anyway). */
export const TRASH_PURGE_INTERVAL_MS = 60 * 60 * 1000;

export function trashRoutes(app: FastifyInstance) {
  const restore =
    <R extends RowDef & { table: OwnedTable }>(row: R) =>
    async ({ params, request }: { params: { id: number }; request: FastifyRequest }) =>
      found(await restoreOwned(app.db, row, userOf(request).id, params.id));
  const remove =
    (table: OwnedTable) =>
    async ({ params, request }: { params: { id: number }; request: FastifyRequest }) =>
      removed(await removeTrashed(app.db, table, userOf(request).id, params.id));
  return s.router(contract.trash, {
    // The plain array, as before; DRF's page object with `?page=`, as the notes answer it.
    list: async ({ query, request, reply }) => {
      const userId = userOf(request).id;
      const page = pageRequest(query);
      if (!page) return { status: 200, body: jsonText(reply, await listTrash(app.db, userId)) };
      return paginateJson(request, reply, page, (limit, offset) =>
        trashPage(app.db, userId, limit, offset),
      );
    },
    empty: async ({ request }) => {
      await emptyTrash(app.db, userOf(request).id);
      return { status: 204, body: undefined };
    },
    removeNote: remove('notes'),
    removeTodo: remove('todos'),
    removeEvent: remove('events'),
    restoreNote: restore(NOTE_ROW),
    restoreTodo: restore(TODO_ROW),
    restoreEvent: restore(EVENT_ROW),
  });
}

/**
 * Purges the trash when the app is ready and then every TRASH_PURGE_INTERVAL_MS; a failure is
 * logged and retried at the next turn. Several processes purging at once is harmless.
 */
export function scheduleTrashPurge(app: FastifyInstance, intervalMs = TRASH_PURGE_INTERVAL_MS) {
  const purge = async () => {
    try {
      const purged = await purgeTrash(app.db);
      if (purged > 0) app.log.info({ purged }, 'trash: entries past their days purged');
    } catch (err) {
      app.log.warn({ err }, 'trash: purge failed; retried later');
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    // Not awaited: a database that is down at start must not hold the start up.
    void purge();
    timer = setInterval(purge, intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
