import { type Kysely, sql } from 'kysely';

// Frozen once landed: a schema change is a new migration, never an edit of this one.

/**
 * Imports (ADR 0414): each imported note, to-do and event keeps where it came from, so that
 * importing the same file again skips it instead of adding it twice. `import_source` is null for
 * everything made in the app; a partial unique index per user makes `on conflict do nothing`
 * the duplicate check. Deleting an imported item frees its source: importing again restores it.
 *
 * Calendar feeds (ADR 0415): one secret subscription URL per user, stored only as the sha256 of
 * its token.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['notes', 'todos', 'events']) {
    await sql`alter table ${sql.table(table)} add column import_source text`.execute(db);
    await sql`
      create unique index ${sql.id(`${table}_user_import_source_key`)}
        on ${sql.table(table)} (user_id, import_source) where import_source is not null
    `.execute(db);
  }
  await db.schema
    .createTable('calendar_feeds')
    .addColumn('user_id', 'integer', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('calendar_feeds').execute();
  for (const table of ['notes', 'todos', 'events']) {
    await sql`drop index ${sql.id(`${table}_user_import_source_key`)}`.execute(db);
    await sql`alter table ${sql.table(table)} drop column import_source`.execute(db);
  }
}
