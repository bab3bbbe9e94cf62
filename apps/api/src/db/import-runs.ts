import { sql } from 'kysely';
import type { Db } from './types';

/** Rows removed per statement while undoing a run: each statement stays short. */
const UNDO_BATCH = 2_000;

/**
 * Removes everything an unfinished import run added (ADR 0420), in short statements with a turn
 * for other requests between them (`between`), then the run itself. Its series' changed
 * occurrences go with them (foreign key).
 */
export async function undoImportRun(
  db: Db,
  runId: number,
  between: () => Promise<void> = async () => {},
): Promise<void> {
  const run = await db
    .selectFrom('import_runs')
    .select('user_id')
    .where('id', '=', runId)
    .executeTakeFirst();
  if (!run) return;
  for (const table of ['notes', 'todos', 'events'] as const) {
    for (;;) {
      await between();
      const result = await sql`
        delete from ${sql.table(table)} where id in (
          select id from ${sql.table(table)}
           where user_id = ${run.user_id} and import_run = ${runId}
           limit ${UNDO_BATCH})
      `.execute(db);
      if (Number(result.numAffectedRows ?? 0) < UNDO_BATCH) break;
    }
  }
  await db.deleteFrom('import_runs').where('id', '=', runId).execute();
}

/**
 * Undoes the runs an earlier process left unfinished (a crash or a kill during an import on the
 * embedded database, which one process owns: no run of another is still going). Answers how
 * many it undid.
 */
export async function undoUnfinishedImports(db: Db): Promise<number> {
  const runs = await db.selectFrom('import_runs').select('id').execute();
  for (const { id } of runs) await undoImportRun(db, id);
  return runs.length;
}
