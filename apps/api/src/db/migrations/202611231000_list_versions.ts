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
  for (const table of ['notes', 'todos', 'events']) {
    const name = (suffix: string) => sql.raw(`${table}_version_${suffix}`);
    await sql`
      create trigger ${name('added')} after insert on ${sql.table(table)}
        referencing new table as new_rows
        for each statement execute function list_version_added()
    `.execute(db);
    await sql`
      create trigger ${name('updated')} after update on ${sql.table(table)}
        referencing new table as changed_rows
        for each statement execute function list_version_changed()
    `.execute(db);
    await sql`
      create trigger ${name('removed')} after delete on ${sql.table(table)}
        referencing old table as changed_rows
        for each statement execute function list_version_changed()
    `.execute(db);
  }
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
  for (const table of ['notes', 'todos', 'events']) {
    for (const suffix of ['added', 'updated', 'removed']) {
      await sql`drop trigger ${sql.raw(`${table}_version_${suffix}`)} on ${sql.table(table)}`.execute(
        db,
      );
    }
  }
  await sql`drop function list_version_added()`.execute(db);
  await sql`drop function list_version_changed()`.execute(db);
  await sql`alter table user_list_counts drop column version`.execute(db);
}
