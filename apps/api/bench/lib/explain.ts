import { sql } from 'kysely';
import { pageQuery } from '../../src/db/lists/list-queries';
import { rankedListQuery, rankedPageQuery } from '../../src/db/lists/ranked-queries';
import type { Db } from '../../src/db/types';
import { NOTE_LIST } from '../../src/modules/notes/notes.queries';
import { TODO_LIST } from '../../src/modules/todos/todos.queries';

/**
 * EXPLAIN (ANALYZE) of the statements `GET /api/notes/?search=` runs (ADR 0410), built by the
 * same functions as the API's, for one user and one search text.
 */
export async function explainNoteSearch(db: Db, userId: number, search: string) {
  const query = { search };
  const where = NOTE_LIST.where?.(query);
  const hits = NOTE_LIST.search?.(query);
  if (!where || !hits) throw new Error(`no search terms in ${JSON.stringify(search)}`);
  const ranked = { where, order: NOTE_LIST.order(query), search: hits };
  const plans: Record<string, string> = {};
  for (const [name, statement] of [
    ['list', rankedListQuery(NOTE_LIST, userId, ranked)],
    ['page 1', rankedPageQuery(NOTE_LIST, userId, { ...ranked, page: { offset: 0, limit: 10 } })],
  ] as const) {
    const { rows } = await sql<Record<string, string>>`
      explain (analyze, buffers, costs off) ${statement}`.execute(db);
    plans[name] = rows.map((row) => Object.values(row)[0]).join('\n');
  }
  return plans;
}

/**
 * EXPLAIN (ANALYZE) of the statement of one page of `GET /api/notes/?page=` and
 * `GET /api/todos/?page=` (ADR 0402), at `offset`, for one user.
 */
export async function explainPages(db: Db, userId: number, offset: number, size = 10) {
  const page = { offset, limit: size };
  const plans: Record<string, string> = {};
  for (const [name, statement] of [
    ['notes', pageQuery(NOTE_LIST, userId, { order: NOTE_LIST.order({}), page })],
    ['todos', pageQuery(TODO_LIST, userId, { order: TODO_LIST.order({}), page })],
  ] as const) {
    const { rows } = await sql<Record<string, string>>`
      explain (analyze, buffers, costs off) ${statement}`.execute(db);
    plans[name] = rows.map((row) => Object.values(row)[0]).join('\n');
  }
  return plans;
}
