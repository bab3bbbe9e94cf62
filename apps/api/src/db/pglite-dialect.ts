import type { PGlite } from '@electric-sql/pglite';
import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  QueryResult,
  TransactionSettings,
} from 'kysely';
import { KyselyPGlite } from 'kysely-pglite';

/** Raised when the single PGlite connection stays busy too long; answered as a 503. */
export class DatabaseBusyError extends Error {
  override name = 'DatabaseBusyError';
}

/** A FIFO lock: one holder at a time, waiters served in order, with a wait limit. */
export class Mutex {
  #locked = false;
  #waiters: Array<{ grant: () => void; timer: NodeJS.Timeout }> = [];

  lock(timeoutMs: number): Promise<void> {
    if (!this.#locked) {
      this.#locked = true;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const waiter = {
        grant: () => {
          clearTimeout(waiter.timer);
          resolve();
        },
        timer: setTimeout(() => {
          this.#waiters = this.#waiters.filter((w) => w !== waiter);
          reject(new DatabaseBusyError('The embedded database stayed busy too long.'));
        }, timeoutMs),
      };
      this.#waiters.push(waiter);
    });
  }

  unlock(): void {
    const next = this.#waiters.shift();
    if (next) next.grant();
    else this.#locked = false;
  }
}

/**
 * kysely-pglite hands every caller the same PGlite session and takes no lock, so while one
 * request is inside BEGIN…COMMIT another request's statements would run inside that
 * transaction (and be rolled back with it). This driver wraps kysely-pglite's own driver and
 * holds a lock from acquireConnection to releaseConnection, as Kysely's SQLite driver does.
 * It also reports PGlite's `affectedRows` as Kysely's `numAffectedRows`.
 */
class SerializedPGliteDriver implements Driver {
  readonly #inner: Driver;
  readonly #mutex = new Mutex();
  readonly #lockTimeoutMs: number;

  constructor(inner: Driver, lockTimeoutMs: number) {
    this.#inner = inner;
    this.#lockTimeoutMs = lockTimeoutMs;
  }

  init() {
    return this.#inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#mutex.lock(this.#lockTimeoutMs);
    try {
      return new CountingConnection(await this.#inner.acquireConnection());
    } catch (error) {
      this.#mutex.unlock();
      throw error;
    }
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    try {
      await this.#inner.releaseConnection((connection as CountingConnection).inner);
    } finally {
      this.#mutex.unlock();
    }
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    return this.#inner.beginTransaction((connection as CountingConnection).inner, settings);
  }

  commitTransaction(connection: DatabaseConnection) {
    return this.#inner.commitTransaction((connection as CountingConnection).inner);
  }

  rollbackTransaction(connection: DatabaseConnection) {
    return this.#inner.rollbackTransaction((connection as CountingConnection).inner);
  }

  destroy() {
    return this.#inner.destroy();
  }
}

class CountingConnection implements DatabaseConnection {
  constructor(readonly inner: DatabaseConnection) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const result = (await this.inner.executeQuery<R>(compiledQuery)) as QueryResult<R> & {
      affectedRows?: number;
    };
    const { affectedRows } = result;
    if (result.numAffectedRows === undefined && typeof affectedRows === 'number') {
      return { rows: result.rows, numAffectedRows: BigInt(affectedRows) };
    }
    return { rows: result.rows, numAffectedRows: result.numAffectedRows };
  }

  streamQuery<R>(compiledQuery: CompiledQuery, chunkSize?: number) {
    return this.inner.streamQuery<R>(compiledQuery, chunkSize);
  }
}

/** A Kysely dialect for one PGlite instance, safe for concurrent requests. */
export function serializedPGliteDialect(client: PGlite, lockTimeoutMs = 15_000): Dialect {
  const base = new KyselyPGlite(client).dialect;
  return {
    createAdapter: () => base.createAdapter(),
    createIntrospector: (db) => base.createIntrospector(db),
    createQueryCompiler: () => base.createQueryCompiler(),
    createDriver: () => new SerializedPGliteDriver(base.createDriver(), lockTimeoutMs),
  };
}
