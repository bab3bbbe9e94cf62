import { type Kysely, sql } from 'kysely';

// Frozen once landed: a schema change is a new migration, never an edit of this one.

/**
 * Two-factor sign-in (ADR 0430): a user's authenticator secret (encrypted; `confirmed_at` null
 * while it awaits its first code), the last time step a code was accepted for (replays of it
 * and of earlier steps are refused), the recovery codes as keyed hashes, and how each session
 * was made.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table user_totp (
      user_id integer primary key references users (id) on delete cascade,
      secret_enc varchar(256) not null,
      confirmed_at timestamptz,
      last_step bigint not null default 0,
      created_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`
    create table recovery_codes (
      id integer generated always as identity primary key,
      user_id integer not null references users (id) on delete cascade,
      code_hash varchar(64) not null,
      used_at timestamptz
    )
  `.execute(db);
  await sql`create index recovery_codes_user_idx on recovery_codes (user_id)`.execute(db);
  await sql`
    alter table sessions add column method varchar(16) not null default 'password'
  `.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table sessions drop column method`.execute(db);
  await sql`drop table recovery_codes`.execute(db);
  await sql`drop table user_totp`.execute(db);
}
