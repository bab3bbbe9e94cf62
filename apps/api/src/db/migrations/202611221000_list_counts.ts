import { type Kysely, sql } from 'kysely';

// Frozen once landed: a schema change is a new migration, never an edit of this one.

/**
 * Pages of long lists (ADR 0402): each user's number of notes and to-dos, kept exact by
 * statement-level triggers in the same transaction as the insert or delete (a page's `count`
 * no longer scans the user's rows), and an index that serves the to-do list's due-date order
 * from either end.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table user_list_counts (
      user_id integer primary key references users (id) on delete cascade,
      notes integer not null default 0 check (notes >= 0),
      todos integer not null default 0 check (todos >= 0)
    )
  `.execute(db);

  for (const table of ['notes', 'todos']) {
    const column = sql.ref(table);
    const name = (suffix: string) => sql.raw(`${table}_count_${suffix}`);
    // One statement inserting or deleting many rows (an account's cascade) is one update.
    await sql`
      create function ${name('added')}() returns trigger language plpgsql as $$
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
      create function ${name('removed')}() returns trigger language plpgsql as $$
      begin
        update user_list_counts c set ${column} = c.${column} - d.n
          from (select user_id, count(*) as n from old_rows group by user_id) d
          where c.user_id = d.user_id;
        return null;
      end
      $$
    `.execute(db);
    await sql`
      create trigger ${name('added')} after insert on ${sql.table(table)}
        referencing new table as new_rows
        for each statement execute function ${name('added')}()
    `.execute(db);
    await sql`
      create trigger ${name('removed')} after delete on ${sql.table(table)}
        referencing old table as old_rows
        for each statement execute function ${name('removed')}()
    `.execute(db);
    // Rows never move to another user; refuse it rather than let a count drift.
    await sql`
      create function ${name('owner_fixed')}() returns trigger language plpgsql as $$
      begin
        raise exception 'the owner of a row of % cannot change', tg_table_name;
      end
      $$
    `.execute(db);
    await sql`
      create trigger ${name('owner_fixed')} before update of user_id on ${sql.table(table)}
        for each row when (old.user_id is distinct from new.user_id)
        execute function ${name('owner_fixed')}()
    `.execute(db);
  }

  await sql`
    insert into user_list_counts (user_id, notes, todos)
    select u.id,
      (select count(*) from notes n where n.user_id = u.id),
      (select count(*) from todos t where t.user_id = u.id)
    from users u
  `.execute(db);

  // `?ordering=due_date`: dated first, then newest first; read backwards for the far pages.
  await sql`
    create index todos_user_due_idx
      on todos (user_id, due_date asc nulls last, created_at desc, id desc)
  `.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index todos_user_due_idx`.execute(db);
  for (const table of ['notes', 'todos']) {
    for (const suffix of ['added', 'removed', 'owner_fixed']) {
      const name = sql.raw(`${table}_count_${suffix}`);
      await sql`drop trigger ${name} on ${sql.table(table)}`.execute(db);
      await sql`drop function ${name}()`.execute(db);
    }
  }
  await sql`drop table user_list_counts`.execute(db);
}
