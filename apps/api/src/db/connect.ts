import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock';
import { EmbeddedDatabaseStoppedError } from './errors';
import { pgVersionsReader, type VersionsReader } from './lists/list-versions';
import { serializedPGliteDialect } from './pglite-dialect';
import { TYPE_PARSERS } from './type-parsers';
import type { Database, Db } from './types';

export type DatabaseKind = 'postgres' | 'pglite';

export interface DatabaseHandle {
  db: Db;
  kind: DatabaseKind;
  /** Closes the pool or the embedded database (flushing it to disk). */
  close(): Promise<void>;
  /**
   * Postgres only: a new connection outside the pool, with the same settings, for a session that
   * must stay open (LISTEN). The caller connects and ends it.
   */
  dedicatedClient?: () => pg.Client;
  /** Postgres only: the list versions through a named statement (db/lists/list-versions.ts). */
  readVersions?: VersionsReader;
}

export interface PostgresOptions {
  /** How long to wait for a connection before failing (a dead server must not hang requests). */
  connectionTimeoutMs?: number;
  /** Postgres cancels any statement that runs longer than this. */
  statementTimeoutMs?: number;
  max?: number;
  onPoolError?: (error: Error) => void;
}

/** `pg` returns our parsers for the types we care about, its own for the rest. */
function getTypeParser(oid: number, format?: 'text' | 'binary') {
  const ours = format !== 'binary' ? TYPE_PARSERS[oid] : undefined;
  // biome-ignore lint/suspicious/noExplicitAny: pg's overloads do not accept a plain number
  return ours ?? (pg.types.getTypeParser as any)(oid, format);
}

export function openPostgres(url: string, options: PostgresOptions = {}): DatabaseHandle {
  const statementTimeout = options.statementTimeoutMs ?? 15_000;
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: options.connectionTimeoutMs ?? 5_000,
    idleTimeoutMillis: 30_000,
    // Session settings sent with every new connection: UTC timestamps, and no statement (or
    // forgotten transaction) can hold a connection for ever.
    options: `-c TimeZone=UTC -c statement_timeout=${statementTimeout} -c idle_in_transaction_session_timeout=${statementTimeout * 2}`,
    types: { getTypeParser } as pg.CustomTypesConfig,
  });
  // An idle client losing its server emits 'error' on the pool; unhandled, it kills the process.
  pool.on('error', (error) => options.onPoolError?.(error));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const dedicatedClient = () =>
    new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: options.connectionTimeoutMs ?? 5_000,
      keepAlive: true,
      options: '-c TimeZone=UTC',
    });
  return {
    db,
    kind: 'postgres',
    close: () => db.destroy(),
    dedicatedClient,
    readVersions: pgVersionsReader(pool),
  };
}

export interface PGliteOptions {
  /** A directory for the data; in memory when left out (tests). */
  dataDir?: string;
  /** Postgres' default 128 MB of shared buffers is far more than one person's data needs. */
  sharedBuffers?: string;
}

/** Where this process loads PGlite from, so a child process loads the very same copy. */
function pgliteModuleUrl(): string {
  try {
    return import.meta.resolve('@electric-sql/pglite');
  } catch {
    return new URL(`file://${createRequire(import.meta.url).resolve('@electric-sql/pglite')}`).href;
  }
}

const INIT_SCRIPT = `
const mod = await import(process.argv[1]);
const PGlite = mod.PGlite ?? mod.default.PGlite;
const db = await PGlite.create({ dataDir: process.argv[2] });
await db.close();
`;

/**
 * Creates a new PGlite data directory in a short-lived child process. initdb runs in its own
 * WebAssembly instance whose ~500 MB the server process would otherwise keep for its whole
 * life; in a child, the memory goes back to the system when it exits.
 *
 * PGlite writes a new database file by file (PG_VERSION among the first), so a start killed
 * half-way would leave a directory that looks like a database and is not. It is therefore made
 * in a sibling folder and renamed into place once complete; leftovers of such a killed start
 * are removed first.
 */
export async function initPGliteDataDir(dataDir: string): Promise<void> {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new Error(`${dataDir} holds files but no database: move them away to create one there`);
  }
  const parent = path.dirname(dataDir);
  const prefix = `${path.basename(dataDir)}.init-`;
  for (const stale of readdirSync(parent).filter((name) => name.startsWith(prefix))) {
    rmSync(path.join(parent, stale), { recursive: true, force: true });
  }
  const building = path.join(parent, `${prefix}${process.pid}`);
  try {
    await promisify(execFile)(
      process.execPath,
      ['--input-type=module', '-e', INIT_SCRIPT, pgliteModuleUrl(), building],
      { timeout: 120_000 },
    );
  } catch (error) {
    rmSync(building, { recursive: true, force: true });
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`could not create the database in ${dataDir}${stderr ? `: ${stderr}` : ''}`);
  }
  // An empty folder in its place (made by hand) is replaced.
  if (existsSync(dataDir)) rmdirSync(dataDir);
  renameSync(building, dataDir);
}

/**
 * After a PANIC (the disk filled up while PGlite wrote its WAL), PGlite's next call never
 * returns: it spins in WebAssembly and blocks the event loop, so that not even /healthz
 * answered. From the first PANIC on (that call included), every call fails with
 * EmbeddedDatabaseStoppedError instead, at once after the first (and close() is skipped):
 * requests get 503 and the server stays responsive until it is restarted.
 */
export function stopAfterPanic(client: PGlite): void {
  let panic: Error | undefined;
  const guard =
    <F extends (...args: never[]) => Promise<unknown>>(call: F) =>
    async (...args: Parameters<F>) => {
      if (panic) throw new EmbeddedDatabaseStoppedError(panic);
      try {
        return await call(...args);
      } catch (error) {
        if ((error as { severity?: unknown } | null)?.severity !== 'PANIC') throw error;
        // The PANIC itself is "unavailable" too, whatever its code: on a full disk it is not
        // always 53100 (e.g. XX000 "XLogBeginInsert was already called" after a failed write).
        panic = error as Error;
        throw new EmbeddedDatabaseStoppedError(panic);
      }
    };
  client.query = guard(client.query.bind(client)) as PGlite['query'];
  client.exec = guard(client.exec.bind(client)) as PGlite['exec'];
  const close = client.close.bind(client);
  client.close = async () => {
    if (!panic) await close();
  };
}

export async function openPGlite(options: PGliteOptions = {}): Promise<DatabaseHandle> {
  let lock: DataDirLock | undefined;
  if (options.dataDir) {
    // PGlite does not create the parent folders of its data directory.
    mkdirSync(path.dirname(options.dataDir), { recursive: true });
    // Before anything is created in it: of two processes starting at once on an empty DATA_DIR,
    // exactly one may create the database (ADR 0405).
    lock = acquireDataDirLock(options.dataDir);
  }
  try {
    if (options.dataDir && !existsSync(path.join(options.dataDir, 'PG_VERSION'))) {
      await initPGliteDataDir(options.dataDir);
    }
    const client = await PGlite.create({
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      parsers: TYPE_PARSERS,
      // Search (migration 202611260110, ADR 0410); Postgres has them as contrib extensions.
      extensions: { pg_trgm, unaccent },
      startParams: [
        ...PGlite.defaultStartParams,
        '-c',
        `shared_buffers=${options.sharedBuffers ?? '32MB'}`,
        '-c',
        'TimeZone=UTC',
      ],
    });
    stopAfterPanic(client);
    await client.exec(`SET TIME ZONE 'UTC'`);
    const db = new Kysely<Database>({ dialect: serializedPGliteDialect(client) });
    return {
      db,
      kind: 'pglite',
      async close() {
        try {
          // Kysely's destroy() closes the PGlite client through the driver.
          await db.destroy();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

/** `select 1`, for /readyz. */
export async function ping(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
