import { type Kysely, sql } from 'kysely';

// Frozen once landed: a schema change is a new migration, never an edit of this one.

/**
 * `?search=` on notes and to-dos (ADR 0410): DRF's SearchFilter matches each word as a
 * case-insensitive substring (`icontains`), which trigram indexes (pg_trgm) serve; accents are
 * folded by `unaccent`. Both are trusted contrib extensions on Postgres (the database's owner
 * may create them) and bundled with PGlite (db/connect.ts loads them).
 *
 * `prodify_search_text` is the one normalization of both the indexed text and the searched
 * words. `unaccent` is only STABLE (its dictionary could change), so the wrapper that names the
 * dictionary is declared IMMUTABLE, which an index expression needs; its schema is written in so
 * that no search_path can change what it calls.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create extension if not exists unaccent`.execute(db);
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'unaccent'
  `.execute(db);
  const schema = rows[0]?.schema;
  if (!schema) throw new Error('the unaccent extension is missing after create extension');
  const ident = sql.id(schema);
  const dictionary = sql.lit(`"${schema.replaceAll('"', '""')}".unaccent`);
  await sql`
    create function prodify_search_text(text) returns text
      language sql immutable parallel safe strict
      as $$ select lower(${ident}.unaccent(${dictionary}::regdictionary, $1)) $$
  `.execute(db);
  // One text per note: a searched word holds no newline, so no match spans title and content.
  await sql`
    create index notes_search_idx on notes
      using gin (prodify_search_text(title || E'\\n' || content) gin_trgm_ops)
  `.execute(db);
  await sql`
    create index todos_search_idx on todos using gin (prodify_search_text(task) gin_trgm_ops)
  `.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index todos_search_idx`.execute(db);
  await sql`drop index notes_search_idx`.execute(db);
  await sql`drop function prodify_search_text(text)`.execute(db);
}
