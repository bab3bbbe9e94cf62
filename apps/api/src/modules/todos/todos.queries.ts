import type { TodoListQuerySchema, TodoPatchSchema } from '@prodify/contract';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { OrderTerm } from '../../db/json-sql';
import type { PagedListSpec } from '../../db/lists/list-answer';
import { findOwned } from '../../db/owned';
import { parseRow } from '../../db/rows';
import { TODO_ROW } from '../../db/tables';
import type { Executor } from '../../db/types';

type TodoListQuery = z.output<typeof TodoListQuerySchema>;

/**
 * Newest first (the original's order); `created_at` oldest first; `due_date` by due date with
 * undated to-dos last, newest first within a day (what the web app shows).
 */
function todoOrder({ ordering = '-created_at' }: TodoListQuery): OrderTerm[] {
  if (ordering === 'due_date') {
    return [
      { column: 'due_date', direction: 'asc', nulls: 'last' },
      { column: 'created_at', direction: 'desc' },
      { column: 'id', direction: 'desc' },
    ];
  }
  const direction = ordering === 'created_at' ? 'asc' : 'desc';
  return [
    { column: 'created_at', direction },
    { column: 'id', direction },
  ];
}

export const TODO_LIST: PagedListSpec<TodoListQuery, typeof TODO_ROW> = {
  row: TODO_ROW,
  count: 'todos',
  order: todoOrder,
  where: todoFilter,
};

/** `?due_after=` / `?due_before=` (inclusive, either side alone); undefined: every to-do. */
function todoFilter({ due_after, due_before }: TodoListQuery) {
  const conditions = [];
  if (due_after !== undefined) conditions.push(sql`r.due_date >= ${due_after}::date`);
  if (due_before !== undefined) conditions.push(sql`r.due_date <= ${due_before}::date`);
  return conditions.length === 0 ? undefined : sql.join(conditions, sql` and `);
}

/** Sets the given fields (a field left out keeps its value, as DRF's update does). */
export async function updateTodo(
  db: Executor,
  userId: number,
  id: number,
  changes: z.output<typeof TodoPatchSchema>,
) {
  if (Object.values(changes).every((value) => value === undefined)) {
    return findOwned(db, TODO_ROW, userId, id);
  }
  const row = await db
    .updateTable('todos')
    .set(changes)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .returning(TODO_ROW.json)
    .executeTakeFirst();
  return parseRow(TODO_ROW, row);
}
