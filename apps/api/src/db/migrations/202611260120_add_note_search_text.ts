import { type Kysely, sql } from 'kysely';

// Frozen once landed: a schema change is a new migration, never an edit of this one.

/**
 * `?search=` on notes (ADR 0410): the normalized text is stored instead of computed. Trigram
 * matches are rechecked on every candidate row, and `prodify_search_text` (a SQL function over
 * a STABLE one, never inlined) cost about 10 µs a call, per word and per row; a plain column
 * makes the recheck a plain LIKE. Kept by a trigger, so every writer (imports too) fills it; a
 * restored note (the trash inserts its whole row back) gets it recomputed the same way.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table notes add column search_text text`.execute(db);
  await sql`
    create function notes_search_text() returns trigger language plpgsql as $$
    begin
      new.search_text := prodify_search_text(new.title || E'\\n' || new.content);
      return new;
    end
    $$
  `.execute(db);
  await sql`
    create trigger notes_search_text before insert or update of title, content, search_text
      on notes for each row execute function notes_search_text()
  `.execute(db);
  await sql`update notes set search_text = null`.execute(db);
  await sql`alter table notes alter column search_text set not null`.execute(db);
  await sql`create index notes_search_text_idx on notes using gin (search_text gin_trgm_ops)`.execute(
    db,
  );
  await sql`drop index notes_search_idx`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    create index notes_search_idx on notes
      using gin (prodify_search_text(title || E'\\n' || content) gin_trgm_ops)
  `.execute(db);
  await sql`drop index notes_search_text_idx`.execute(db);
  await sql`drop trigger notes_search_text on notes`.execute(db);
  await sql`drop function notes_search_text()`.execute(db);
  await sql`alter table notes drop column search_text`.execute(db);
}
