import { type Kysely, sql } from 'kysely';

// Frozen once landed: a schema change is a new migration, never an edit of this one.

/**
 * Passkeys (ADR 0431): each user's WebAuthn credentials (public keys only), and the ceremonies'
 * challenges, single use and valid 5 minutes, in the database so that any instance can finish a
 * ceremony another began.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table passkeys (
      id integer generated always as identity primary key,
      user_id integer not null references users (id) on delete cascade,
      credential_id varchar(1400) not null unique,
      public_key text not null,
      counter bigint not null default 0,
      transports varchar(400) not null default '',
      name varchar(100) not null,
      created_at timestamptz not null default now(),
      last_used_at timestamptz
    )
  `.execute(db);
  await sql`create index passkeys_user_idx on passkeys (user_id)`.execute(db);
  await sql`
    create table webauthn_challenges (
      challenge varchar(128) primary key,
      purpose varchar(16) not null,
      user_id integer references users (id) on delete cascade,
      expires_at timestamptz not null
    )
  `.execute(db);
  await sql`create index webauthn_challenges_expiry_idx on webauthn_challenges (expires_at)`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table webauthn_challenges`.execute(db);
  await sql`drop table passkeys`.execute(db);
}
