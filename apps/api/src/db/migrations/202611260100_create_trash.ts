import { type Kysely, sql } from 'kysely';

// Frozen once landed: a schema change is a new migration, never an edit of this one.

/**
 * The trash (ADR 0411): a deleted note, to-do or event leaves its table (so lists, counts,
 * pages and the list versions change exactly as for a delete) and its whole row is kept here as
 * JSON, from which a restore inserts it back with its id. The account's deletion cascades here.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table trash (
      kind text not null check (kind in ('note', 'todo', 'event')),
      item_id integer not null,
      user_id integer not null references users (id) on delete cascade,
      deleted_at timestamptz not null default now(),
      data jsonb not null,
      primary key (kind, item_id)
    )
  `.execute(db);
  // The user's trash, newest first; and the purge of everything past its days.
  await sql`create index trash_user_deleted_idx on trash (user_id, deleted_at desc)`.execute(db);
  await sql`create index trash_deleted_idx on trash (deleted_at)`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table trash`.execute(db);
}
