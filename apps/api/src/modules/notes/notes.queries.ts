import { type NoteBodySchema, type NoteListQuerySchema, searchTerms } from '@prodify/contract';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { PagedListSpec } from '../../db/lists/list-answer';
import { findOwned } from '../../db/owned';
import { parseRow } from '../../db/rows';
import { allTermsIn, allTermsInNormalized } from '../../db/search';
import { NOTE_ROW } from '../../db/tables';
import type { Executor } from '../../db/types';

type NoteListQuery = z.output<typeof NoteListQuerySchema>;

/** Title and content normalized, kept by a trigger, trigram-indexed (migration 202611260120). */
const NOTE_TEXT = sql<string>`r.search_text`;

/**
 * Oldest first (the original's insertion order), or newest first with `-created_at`.
 * `?search=` keeps the notes holding every term in their title or content; the ones with every
 * term in the title come first, unless `?ordering=` is given.
 */
export const NOTE_LIST: PagedListSpec<NoteListQuery, typeof NOTE_ROW> = {
  row: NOTE_ROW,
  count: 'notes',
  where: ({ search }) => {
    const terms = searchTerms(search);
    return terms.length > 0 ? allTermsInNormalized(NOTE_TEXT, terms) : undefined;
  },
  search: ({ search, ordering }) => {
    const terms = searchTerms(search);
    return terms.length > 0 && ordering === undefined
      ? allTermsIn(sql<string>`r.title`, terms)
      : undefined;
  },
  order: ({ ordering }) => {
    const direction = ordering === '-created_at' ? 'desc' : 'asc';
    return [
      { column: 'created_at', direction },
      { column: 'id', direction },
    ];
  },
};

/** The note and the version of its text a summary is made from (see saveNoteSummary). */
export async function findNoteForSummary(db: Executor, userId: number, id: number) {
  return db
    .selectFrom('notes')
    .select(['id', 'content', 'updated_at'])
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Changes title and/or content; a changed content clears the saved summary. */
export async function updateNote(
  db: Executor,
  userId: number,
  id: number,
  changes: Partial<z.output<typeof NoteBodySchema>>,
) {
  if (changes.title === undefined && changes.content === undefined) {
    return findOwned(db, NOTE_ROW, userId, id);
  }
  const row = await db
    .updateTable('notes')
    .set(({ ref }) => ({
      ...changes,
      ...(changes.content !== undefined
        ? {
            summary: sql<
              string | null
            >`case when ${ref('content')} = ${changes.content} then ${ref('summary')} else null end`,
          }
        : {}),
      updated_at: sql<string>`now()`,
    }))
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .returning(NOTE_ROW.json)
    .executeTakeFirst();
  return parseRow(NOTE_ROW, row);
}

/**
 * Saves a summary, unless the note changed (or vanished) while it was being made: a summary
 * of older text must not overwrite the note's state.
 */
export async function saveNoteSummary(
  db: Executor,
  userId: number,
  id: number,
  summary: string,
  madeFromVersion: string,
): Promise<boolean> {
  const row = await db
    .updateTable('notes')
    .set({ summary })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .where('updated_at', '=', sql<string>`${madeFromVersion}::timestamptz`)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
