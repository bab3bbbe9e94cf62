import { sql } from 'kysely';
import type { Executor } from '../types';

/** Reads the list versions of some users: one statement for all of them. */
export type VersionsReader = (userIds: readonly number[]) => Promise<ReadonlyMap<number, number>>;

/** At most this many users' versions are asked in one statement. */
const BATCH_MAX = 500;

const VERSIONS_SQL = 'select user_id, version from user_list_counts where user_id = any($1::int[])';

/** The reader through Kysely (the embedded database, or any executor). */
export function kyselyVersionsReader(db: Executor): VersionsReader {
  return async (userIds) => {
    const { rows } = await sql<{ user_id: number; version: number }>`
      select user_id, version from user_list_counts where user_id = any(${[...userIds]}::int[])
    `.execute(db);
    return new Map(rows.map((row) => [row.user_id, Number(row.version)]));
  };
}

/** A pool that can run a named (prepared once per connection) statement: `pg`'s. */
interface NamedQueryPool {
  query(config: {
    name: string;
    text: string;
    values: unknown[];
  }): Promise<{ rows: { user_id: number; version: number | string }[] }>;
}

/**
 * The reader on Postgres: a named statement, so that each connection parses and plans it once
 * (an unnamed one was planned on every check: a quarter of the CPU of a cached answer).
 */
export function pgVersionsReader(pool: NamedQueryPool): VersionsReader {
  return async (userIds) => {
    const { rows } = await pool.query({
      name: 'prodify_list_versions',
      text: VERSIONS_SQL,
      values: [[...userIds]],
    });
    return new Map(rows.map((row) => [Number(row.user_id), Number(row.version)]));
  };
}

interface Waiter {
  resolve(version: number | undefined): void;
  reject(error: unknown): void;
}

/**
 * The version checks of cached list answers, batched (ADR 0427). A check that arrives while
 * another is in flight waits for the next statement, which asks for every user waiting by
 * then: each request is still answered by a read sent after it arrived, so an answer never
 * predates a write acknowledged before its request (on any instance), and under load one
 * statement serves many requests.
 */
export class VersionBatcher {
  #waiting = new Map<number, Waiter[]>();
  #running = false;
  readonly #read: VersionsReader;

  constructor(read: VersionsReader) {
    this.#read = read;
  }

  version(userId: number): Promise<number | undefined> {
    return new Promise((resolve, reject) => {
      const waiters = this.#waiting.get(userId);
      if (waiters) waiters.push({ resolve, reject });
      else this.#waiting.set(userId, [{ resolve, reject }]);
      if (!this.#running) void this.#run();
    });
  }

  async #run(): Promise<void> {
    this.#running = true;
    try {
      while (this.#waiting.size > 0) {
        const batch = new Map<number, Waiter[]>();
        for (const [userId, waiters] of this.#waiting) {
          if (batch.size >= BATCH_MAX) break;
          batch.set(userId, waiters);
        }
        for (const userId of batch.keys()) this.#waiting.delete(userId);
        try {
          const versions = await this.#read([...batch.keys()]);
          for (const [userId, waiters] of batch) {
            for (const waiter of waiters) waiter.resolve(versions.get(userId));
          }
        } catch (error) {
          for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
        }
      }
    } finally {
      this.#running = false;
    }
  }
}
