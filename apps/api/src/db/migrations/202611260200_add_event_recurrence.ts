import { type Kysely, sql } from 'kysely';

// Frozen once landed: a schema change is a new migration, never an edit of this one.

/**
 * Events with an end time and an RFC 5545 RRULE (ADR 0412). `series_end` is a day after which a
 * series has no occurrence (null: it never ends), kept by the API, so a range query reads only
 * the series that may reach it (ADR 0413). One occurrence moved, changed or deleted is a row of
 * `event_exceptions`, keyed by the series and the occurrence's own date in the series; its
 * changes raise the user's list version like the events' own (migration 202611231000).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table events
      add column end_time time(0),
      add column rrule varchar(255),
      add column series_end date
  `.execute(db);
  await sql`
    create index events_series_idx on events (user_id, date) where rrule is not null
  `.execute(db);
  await sql`
    create table event_exceptions (
      event_id integer not null references events (id) on delete cascade,
      user_id integer not null references users (id) on delete cascade,
      occurrence date not null,
      deleted boolean not null default false,
      title varchar(255) not null,
      date date not null,
      time time(0),
      end_time time(0),
      primary key (event_id, occurrence)
    )
  `.execute(db);
  await sql`create index event_exceptions_user_date_idx on event_exceptions (user_id, date)`.execute(
    db,
  );
  await sql`
    create index event_exceptions_user_occurrence_idx on event_exceptions (user_id, occurrence)
  `.execute(db);
  const trigger = (suffix: string, event: string, rows: string, fn: string) => sql`
    create trigger ${sql.raw(`event_exceptions_version_${suffix}`)} after ${sql.raw(event)}
      on event_exceptions
      referencing ${sql.raw(rows)} table as ${sql.raw(event === 'insert' ? 'new_rows' : 'changed_rows')}
      for each statement execute function ${sql.raw(fn)}()
  `;
  await trigger('added', 'insert', 'new', 'list_version_added').execute(db);
  await trigger('updated', 'update', 'new', 'list_version_changed').execute(db);
  await trigger('removed', 'delete', 'old', 'list_version_changed').execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table event_exceptions`.execute(db);
  await sql`drop index events_series_idx`.execute(db);
  await sql`
    alter table events drop column end_time, drop column rrule, drop column series_end
  `.execute(db);
}
