import { randomBytes } from 'node:crypto';
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
  }
}

export interface TestDatabase {
  backend: Backend;
  handle: DatabaseHandle;
  /** Its own URL (Postgres only), to open more connections in a test. */
  url?: string;
  /** Empties every table and restarts the ids, between tests. */
  truncate(): Promise<void>;
  /** Closes it and, on Postgres, drops the database. */
  drop(): Promise<void>;
}

export const testBackend = (): Backend => inject('backend');

/** A database URL with another database name. */
export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/**
 * A fresh, migrated database for one test file: an in-memory PGlite, or a new database
 * `prodify_test_<random>` on the Postgres server, dropped at the end of the file.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const backend = testBackend();
  let handle: DatabaseHandle;
  let url: string | undefined;
  let dropDatabase = async () => {};

  if (backend === 'pglite') {
    handle = await openPGlite();
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
  await migrateToLatest(handle.db);

  return {
    backend,
    handle,
    ...(url ? { url } : {}),
    truncate: async () => {
      await sql`truncate table events, todos, notes, users restart identity cascade`.execute(
        handle.db,
      );
    },
    drop: async () => {
      await handle.close();
      await dropDatabase();
    },
  };
}
