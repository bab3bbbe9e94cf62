import { PRIORITY_IMPORTANCE, searchTerms, type TodoListQuerySchema } from '@prodify/contract';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { OrderTerm } from '../../db/json-sql';
import type { PagedListSpec } from '../../db/lists/list-answer';
import { allTermsIn } from '../../db/search';
import { TODO_ROW } from '../../db/tables';

type TodoListQuery = z.output<typeof TodoListQuerySchema>;

/**
 * Newest first (the original's order); `created_at` oldest first; `due_date` by due date with
 * undated to-dos last, newest first within a day (what the web app shows); `-due_date` latest
 * first, undated still last; `priority` by importance (`-priority`: High, Medium, Low). Ties go
 * newest first. `completed,` before any of them: open to-dos first.
 */
function todoOrder({ ordering = '-created_at' }: TodoListQuery): OrderTerm[] {
  const [first, then] = ordering.split(',');
  // `completed,X`: the open to-dos (false) before the done ones, each group in X's order.
  if (first === 'completed' && then) {
    return [{ column: 'completed', direction: 'asc' }, ...byOne(then)];
  }
  return byOne(ordering);
}

function byOne(ordering: string): OrderTerm[] {
  const descending = ordering.startsWith('-');
  const direction = descending ? 'desc' : 'asc';
  const newestFirst: OrderTerm[] = [
    { column: 'created_at', direction: 'desc' },
    { column: 'id', direction: 'desc' },
  ];
  switch (ordering) {
    case 'due_date':
    case '-due_date':
      return [{ column: 'due_date', direction, nulls: 'last' }, ...newestFirst];
    case 'priority':
    case '-priority':
      return [{ column: 'priority', direction, rank: PRIORITY_IMPORTANCE }, ...newestFirst];
    default:
      return [
        { column: 'created_at', direction },
        { column: 'id', direction },
      ];
  }
}

/** The to-do list: ordered by `todoOrder`, filtered by `todoFilter`. */
export const TODO_LIST: PagedListSpec<TodoListQuery, typeof TODO_ROW> = {
  row: TODO_ROW,
  count: 'todos',
  order: todoOrder,
  where: todoFilter,
};

/**
 * `?search=` (every word in the task), `?completed=`, and `?due_after=` / `?due_before=`
 * (inclusive, either side alone); undefined: every to-do.
 */
function todoFilter({ search, completed, due_after, due_before }: TodoListQuery) {
  const terms = searchTerms(search);
  const conditions = [
    ...(terms.length > 0 ? [allTermsIn(sql<string>`r.task`, terms)] : []),
    ...(completed !== undefined ? [sql<boolean>`r.completed = ${completed === 'true'}`] : []),
  ];
  if (due_after !== undefined) conditions.push(sql`r.due_date >= ${due_after}::date`);
  if (due_before !== undefined) conditions.push(sql`r.due_date <= ${due_before}::date`);
  return conditions.length === 0 ? undefined : sql.join(conditions, sql` and `);
}
