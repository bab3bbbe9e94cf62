import type { Note } from '@prodify/contract';
import { sql } from 'kysely';
import { type JsonListSpec, jsonList, jsonPage, type OrderTerm } from '../../db/json-lists';
import type { Executor } from '../../db/types';

export type NoteOrdering = 'created_at' | '-created_at';

/** The API's note, in the original's key order (`summary` is ours, last). */
const NOTE_COLUMNS = [
  'id',
  'title',
  'content',
  'created_at',
  'user_id as author',
  'summary',
] as const;

function ownNotes(db: Executor, userId: number) {
  return db.selectFrom('notes').where('user_id', '=', userId);
}

/** The note as JSON (db/json-lists.ts): the same keys, order and text as NOTE_COLUMNS. */
export const NOTE_JSON: JsonListSpec = {
  table: 'notes',
  fields: [
    { key: 'id', column: 'id', kind: 'int' },
    { key: 'title', column: 'title', kind: 'text' },
    { key: 'content', column: 'content', kind: 'text' },
    { key: 'created_at', column: 'created_at', kind: 'timestamptz' },
    { key: 'author', column: 'user_id', kind: 'int' },
    { key: 'summary', column: 'summary', kind: 'text', nullable: true },
  ],
};

/** Oldest first (the original's insertion order), or newest first with `-created_at`. */
export function noteOrder(ordering: NoteOrdering = 'created_at'): OrderTerm[] {
  const direction = ordering === '-created_at' ? 'desc' : 'asc';
  return [
    { column: 'created_at', direction },
    { column: 'id', direction },
  ];
}

/** All the user's notes as a JSON array text. */
export function listNotesJson(db: Executor, userId: number, ordering?: NoteOrdering) {
  return jsonList(db, NOTE_JSON, userId, noteOrder(ordering));
}

/** One page of the user's notes and their count (see db/json-lists.ts). */
export function pageNotesJson(
  db: Executor,
  userId: number,
  ordering: NoteOrdering | undefined,
  limit: number,
  offset: number,
) {
  return jsonPage(
    db,
    { ...NOTE_JSON, countColumn: 'notes' },
    userId,
    noteOrder(ordering),
    offset,
    limit,
  );
}

export function findNote(db: Executor, userId: number, id: number) {
  return ownNotes(db, userId)
    .select([...NOTE_COLUMNS, 'updated_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export function insertNote(
  db: Executor,
  userId: number,
  note: { title: string; content: string },
): Promise<Note> {
  return db
    .insertInto('notes')
    .values({ user_id: userId, title: note.title, content: note.content })
    .returning(NOTE_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** Changes title and/or content; a changed content clears the saved summary. */
export function updateNote(
  db: Executor,
  userId: number,
  id: number,
  changes: { title?: string | undefined; content?: string | undefined },
): Promise<Note | undefined> {
  if (changes.title === undefined && changes.content === undefined) {
    return ownNotes(db, userId).select(NOTE_COLUMNS).where('id', '=', id).executeTakeFirst();
  }
  return db
    .updateTable('notes')
    .set(({ ref }) => ({
      ...(changes.title !== undefined ? { title: changes.title } : {}),
      ...(changes.content !== undefined
        ? {
            content: changes.content,
            summary: sql<
              string | null
            >`case when ${ref('content')} = ${changes.content} then ${ref('summary')} else null end`,
          }
        : {}),
      updated_at: sql<string>`now()`,
    }))
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .returning(NOTE_COLUMNS)
    .executeTakeFirst();
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

export async function deleteNote(db: Executor, userId: number, id: number): Promise<boolean> {
  const row = await db
    .deleteFrom('notes')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
