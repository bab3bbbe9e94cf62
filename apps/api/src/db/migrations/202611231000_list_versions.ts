import { type Kysely, sql } from 'kysely';

// Frozen once landed: a schema change is a new migration, never an edit of this one.

/**
 * A version per user, raised in the same transaction as every insert, update and delete of the
 * user's notes, to-dos and events (statement-level triggers, one raise per statement). A list
 * answer cached with the version it was read at is still the answer while the version is
 * unchanged, whichever process made the change (ADR 0404).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table user_list_counts add column version bigint not null default 0`.execute(db);
  // Every user gets a row now; later users get theirs with their first row of any list.
  await sql`
    insert into user_list_counts (user_id) select id from users on conflict (user_id) do nothing
  `.execute(db);
  // Inserts may come before the user's row exists: upsert. Updates and deletes only update: a
  // user's rows deleted by the cascade of the account's deletion must not insert a row for a
  // user that is going away.
  await sql`
    create function list_version_added() returns trigger language plpgsql as $$
    begin
      insert into user_list_counts (user_id, version)
        select distinct user_id, 1 from new_rows
      on conflict (user_id) do update set version = user_list_counts.version + 1;
      return null;
    end
    $$
  `.execute(db);
  await sql`
    create function list_version_changed() returns trigger language plpgsql as $$
    begin
      update user_list_counts c set version = c.version + 1
        where c.user_id in (select user_id from changed_rows);
      return null;
    end
    $$
  `.execute(db);
  // Notes and to-dos: their count triggers (migration 202611221000) already update the user's
  // row on every insert and delete; they raise the version too, in the same statement.
  for (const table of ['notes', 'todos']) {
    const column = sql.ref(table);
    const name = (suffix: string) => sql.raw(`${table}_count_${suffix}`);
    await sql`
      create or replace function ${name('added')}() returns trigger language plpgsql as $$
      begin
        insert into user_list_counts (user_id, ${column}, version)
          select user_id, count(*), 1 from new_rows group by user_id
        on conflict (user_id) do update
          set ${column} = user_list_counts.${column} + excluded.${column},
              version = user_list_counts.version + 1;
        return null;
      end
      $$
    `.execute(db);
    await sql`
      create or replace function ${name('removed')}() returns trigger language plpgsql as $$
      begin
        update user_list_counts c set ${column} = c.${column} - d.n, version = c.version + 1
          from (select user_id, count(*) as n from old_rows group by user_id) d
          where c.user_id = d.user_id;
        return null;
      end
      $$
    `.execute(db);
  }
  const trigger = (table: string, suffix: string, event: string, rows: string, fn: string) => sql`
    create trigger ${sql.raw(`${table}_version_${suffix}`)} after ${sql.raw(event)}
      on ${sql.table(table)}
      referencing ${sql.raw(rows)} table as ${sql.raw(event === 'insert' ? 'new_rows' : 'changed_rows')}
      for each statement execute function ${sql.raw(fn)}()
  `;
  for (const table of ['notes', 'todos', 'events']) {
    await trigger(table, 'updated', 'update', 'new', 'list_version_changed').execute(db);
  }
  await trigger('events', 'added', 'insert', 'new', 'list_version_added').execute(db);
  await trigger('events', 'removed', 'delete', 'old', 'list_version_changed').execute(db);
  // Events had no owner guard: a row moving to another user would leave both versions stale.
  await sql`
    create function events_owner_fixed() returns trigger language plpgsql as $$
    begin
      raise exception 'the owner of a row of % cannot change', tg_table_name;
    end
    $$
  `.execute(db);
  await sql`
    create trigger events_owner_fixed before update of user_id on events
      for each row when (old.user_id is distinct from new.user_id)
      execute function events_owner_fixed()
  `.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger events_owner_fixed on events`.execute(db);
  await sql`drop function events_owner_fixed()`.execute(db);
  const drop = (table: string, suffix: string) =>
    sql`drop trigger ${sql.raw(`${table}_version_${suffix}`)} on ${sql.table(table)}`.execute(db);
  for (const table of ['notes', 'todos', 'events']) await drop(table, 'updated');
  await drop('events', 'added');
  await drop('events', 'removed');
  // The count functions as migration 202611221000 made them.
  for (const table of ['notes', 'todos']) {
    const column = sql.ref(table);
    const name = (suffix: string) => sql.raw(`${table}_count_${suffix}`);
    await sql`
      create or replace function ${name('added')}() returns trigger language plpgsql as $$
      begin
        insert into user_list_counts (user_id, ${column})
          select user_id, count(*) from new_rows group by user_id
        on conflict (user_id) do update
          set ${column} = user_list_counts.${column} + excluded.${column};
        return null;
      end
      $$
    `.execute(db);
    await sql`
      create or replace function ${name('removed')}() returns trigger language plpgsql as $$
      begin
        update user_list_counts c set ${column} = c.${column} - d.n
          from (select user_id, count(*) as n from old_rows group by user_id) d
          where c.user_id = d.user_id;
        return null;
      end
      $$
    `.execute(db);
  }
  await sql`drop function list_version_added()`.execute(db);
  await sql`drop function list_version_changed()`.execute(db);
  await sql`alter table user_list_counts drop column version`.execute(db);
}
