import { randomBytes } from 'node:crypto';
import { constants, cpSync, mkdtempSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openPGlite, openPostgres } from '../../src/db/connect';
import { migrateToLatest } from '../../src/db/migrate';

export type Backend = 'pglite' | 'postgres';

declare module 'vitest' {
  interface ProvidedContext {
    /** Which database this vitest project runs the suites against. */
    backend: Backend;
    /** An admin URL of a Postgres server (DATABASE_URL or a Testcontainers one). */
    postgresUrl: string;
    /** A migrated PGlite data directory made once per run, and the run's scratch folder. */
    pgliteTemplate: { dir: string; scratch: string };
  }
}

export interface TestDatabase {
  backend: Backend;
  handle: DatabaseHandle;
  /** Its own URL (Postgres only), to open more connections in a test. */
  url?: string;
  /** Empties every table and restarts the ids, between tests. */
  truncate(): Promise<void>;
  /** Closes it and, on Postgres, drops the database (PGlite's copy goes at the end of the run). */
  drop(): Promise<void>;
}

/**
 * A new, migrated PGlite data directory: a copy of the run's template (pglite-template.ts), for
 * `openPGlite({ dataDir })` or an app's `pgliteDir`. It stays in the run's scratch folder until
 * the run ends: PGlite still touches its directory just after close() resolves, and a directory
 * removed then kills the test process.
 */
export function freshPGliteDir(): string {
  const template = inject('pgliteTemplate');
  if (!template) throw new Error('no PGlite template: only the pglite project makes one');
  const copy = path.join(mkdtempSync(path.join(template.scratch, 'db-')), 'pglite');
  // A copy-on-write clone where the file system can make one (btrfs, xfs), else a plain copy.
  cpSync(template.dir, copy, { recursive: true, mode: constants.COPYFILE_FICLONE });
  return copy;
}

export const testBackend = (): Backend => inject('backend');

/** A database URL with another database name. */
export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/**
 * A fresh, migrated database for one test file: a PGlite on a copy of the run's template, or a
 * new database `prodify_test_<random>` on the Postgres server, dropped at the end of the file.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const backend = testBackend();
  let handle: DatabaseHandle;
  let url: string | undefined;
  let dropDatabase = async () => {};

  if (backend === 'pglite') {
    handle = await openPGlite({ dataDir: freshPGliteDir() });
  } else {
    const adminUrl = inject('postgresUrl');
    const name = `prodify_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`create database ${name}`);
    } finally {
      await admin.end();
    }
    url = withDatabase(adminUrl, name);
    handle = openPostgres(url, { max: 5 });
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    };
  }
  // A no-op on a copy of the PGlite template; on a new Postgres database, every migration.
  await migrateToLatest(handle.db);

  return {
    backend,
    handle,
    ...(url ? { url } : {}),
    truncate: async () => {
      await sql`truncate table events, todos, notes, sessions, users restart identity cascade`.execute(
        handle.db,
      );
    },
    drop: async () => {
      await handle.close();
      await dropDatabase();
    },
  };
}
