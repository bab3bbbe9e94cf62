import { type Kysely, sql } from 'kysely';

// Frozen once landed: a schema change is a new migration, never an edit of this one.

/**
 * The user's preferences (ADR 0421): a row only once something differs from the defaults (the
 * answer fills in the rest). `time_zone` null means the server's own zone.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table user_preferences (
      user_id integer primary key references users (id) on delete cascade,
      time_zone varchar(64),
      todo_reminder_time time(0) not null default '09:00',
      remind_in_app boolean not null default true,
      remind_by_push boolean not null default false,
      remind_by_email boolean not null default false,
      daily_agenda_at time(0),
      updated_at timestamptz not null default now()
    )
  `.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table user_preferences`.execute(db);
}
