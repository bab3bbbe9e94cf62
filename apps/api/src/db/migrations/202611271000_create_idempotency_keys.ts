import { type Kysely, sql } from 'kysely';

// Frozen once landed: a schema change is a new migration, never an edit of this one.

/**
 * Idempotency keys (ADR 0426): a write's key with its user, what the request was (a fingerprint
 * of method, path and body) and, once answered, the answer itself, kept 24 hours. In the
 * database, so that a repeat sent to another instance finds it.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table idempotency_keys (
      user_id integer not null references users (id) on delete cascade,
      key uuid not null,
      fingerprint char(64) not null,
      status smallint,
      content_type varchar(200),
      body text,
      created_at timestamptz not null,
      primary key (user_id, key)
    )
  `.execute(db);
  await sql`create index idempotency_keys_created_at on idempotency_keys (created_at)`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table idempotency_keys`.execute(db);
}
