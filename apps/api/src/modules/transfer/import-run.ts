import { sql } from 'kysely';
import type { DatabaseKind } from '../../db/connect';
import { undoImportRun } from '../../db/import-runs';
import type { Db, Executor } from '../../db/types';

/**
 * How an import writes (ADR 0420). Postgres: one transaction, so other users never see it and
 * never wait for it (MVCC). The embedded database has one connection, and a transaction holds
 * it: a long import in one would stall every other user. There, each step is its own short
 * transaction, other requests run between steps, and the run is listed in `import_runs` until it
 * has finished: a failure removes what it added, and so does the next start after a crash.
 */
export interface ImportRun {
  /** The run's id, written on its rows (`import_run`). */
  readonly id: number;
  /** Runs one step of the import (a batch) and gives other requests their turn first. */
  step<T>(fn: (db: Executor) => Promise<T>): Promise<T>;
}

/** Another import of the same user is running (on this instance or another): answered 429. */
export class ImportBusyError extends Error {}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * After a step of the embedded database (which runs on the event loop), the import waits half
 * as long as the step took before the next one: the loop is free at least a third of the time,
 * so other users' requests wait at most about one step, and the event-loop delay that sheds load
 * (ADR 0400) stays low on a busy machine too, at the cost of a slower import there.
 */
const PACE = 0.5;

/** One import per user and process at a time; the database lock covers other instances. */
export class ImportClaims {
  readonly #users = new Set<number>();

  /** A release function, or undefined when the user already has an import running here. */
  claim(userId: number): (() => void) | undefined {
    if (this.#users.has(userId)) return undefined;
    this.#users.add(userId);
    return () => this.#users.delete(userId);
  }
}

export async function withImportRun<T>(
  db: Db,
  kind: DatabaseKind,
  userId: number,
  work: (run: ImportRun) => Promise<T>,
): Promise<T> {
  if (kind === 'postgres') {
    return db.transaction().execute(async (trx) => {
      const lock = await sql<{ ok: boolean }>`
        select pg_try_advisory_xact_lock(1414, ${userId}::int) as ok
      `.execute(trx);
      if (!lock.rows[0]?.ok) throw new ImportBusyError();
      const { id } = await trx
        .insertInto('import_runs')
        .values({ user_id: userId })
        .returning('id')
        .executeTakeFirstOrThrow();
      const result = await work({ id, step: (fn) => fn(trx) });
      await trx.deleteFrom('import_runs').where('id', '=', id).execute();
      return result;
    });
  }
  const { id } = await db
    .insertInto('import_runs')
    .values({ user_id: userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  let lastStepMs = 0;
  try {
    const result = await work({
      id,
      step: async (fn) => {
        await nextTurn();
        if (lastStepMs > 10) await pause(lastStepMs * PACE);
        const start = performance.now();
        try {
          return await db.transaction().execute(fn);
        } finally {
          lastStepMs = performance.now() - start;
        }
      },
    });
    await db.deleteFrom('import_runs').where('id', '=', id).execute();
    return result;
  } catch (error) {
    // The error is the answer; a failure to undo is left for the next start (db/import-runs.ts).
    await undoImportRun(db, id, nextTurn).catch(() => {});
    throw error;
  }
}
