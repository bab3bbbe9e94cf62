import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * The Postgres server the benches create their throw-away databases on:
 * BENCH_DATABASE_URL, else DATABASE_URL, else the local server on 5432 (trust auth, as on the
 * development machine and in CI).
 */
export function adminUrl(): string {
  return (
    process.env.BENCH_DATABASE_URL ??
    process.env.DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres'
  );
}

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export interface ScratchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** A new, empty database `<prefix>_<random>` on the server; `drop()` removes it. */
export async function createDatabase(
  server = adminUrl(),
  prefix = 'prodify_bench',
): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await withClient(server, (c) => c.query(`create database ${name}`));
  return {
    name,
    url: withDatabase(server, name),
    drop: () =>
      withClient(server, (c) => c.query(`drop database if exists ${name} with (force)`)).then(
        () => {},
      ),
  };
}
