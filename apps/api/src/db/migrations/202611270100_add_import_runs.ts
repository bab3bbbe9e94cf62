import { type Kysely, sql } from 'kysely';

// Frozen once landed: a schema change is a new migration, never an edit of this one.

/**
 * Imports that commit in steps (ADR 0420). On the embedded database an import is written in
 * short transactions, so that other users' requests run between them; its rows carry the run's
 * id (`import_run`), and the run is listed in `import_runs` until it has finished. A run still
 * listed at start-up was cut off (a crash, a kill) and its rows are removed: an import is all or
 * nothing. On Postgres the run and its rows are one transaction, and the columns only tell an
 * import's own rows apart from those that were there before it.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table import_runs (
      id bigserial primary key,
      user_id integer not null references users (id) on delete cascade,
      started_at timestamptz not null default now()
    )
  `.execute(db);
  for (const table of ['notes', 'todos', 'events']) {
    await sql`alter table ${sql.table(table)} add column import_run bigint`.execute(db);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['notes', 'todos', 'events']) {
    await sql`alter table ${sql.table(table)} drop column import_run`.execute(db);
  }
  await sql`drop table import_runs`.execute(db);
}
