import type { Priority, Todo } from '@prodify/contract';
import type { Executor } from '../../db/types';

export type TodoOrdering = '-created_at' | 'created_at' | 'due_date';

/** The original's key order. */
const TODO_COLUMNS = [
  'id',
  'user_id as user',
  'task',
  'due_date',
  'priority',
  'completed',
  'created_at',
] as const;

export interface TodoFields {
  task?: string | undefined;
  due_date?: string | null | undefined;
  priority?: Priority | undefined;
  completed?: boolean | undefined;
}

function ownTodos(db: Executor, userId: number) {
  return db.selectFrom('todos').where('user_id', '=', userId);
}

export function countTodos(db: Executor, userId: number): Promise<number> {
  return ownTodos(db, userId)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.count));
}

/**
 * Newest first (the original's order); `created_at` oldest first; `due_date` by due date with
 * undated to-dos last, newest first within a day (what the web app shows).
 */
export function listTodos(
  db: Executor,
  userId: number,
  ordering: TodoOrdering = '-created_at',
  page?: { limit: number; offset: number },
): Promise<Todo[]> {
  let query = ownTodos(db, userId).select(TODO_COLUMNS);
  if (ordering === 'due_date') {
    query = query
      .orderBy('due_date', (o) => o.asc().nullsLast())
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc');
  } else {
    const direction = ordering === 'created_at' ? 'asc' : 'desc';
    query = query.orderBy('created_at', direction).orderBy('id', direction);
  }
  if (page) query = query.limit(page.limit).offset(page.offset);
  return query.execute();
}

export function findTodo(db: Executor, userId: number, id: number): Promise<Todo | undefined> {
  return ownTodos(db, userId).select(TODO_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export function insertTodo(
  db: Executor,
  userId: number,
  todo: TodoFields & { task: string },
): Promise<Todo> {
  return db
    .insertInto('todos')
    .values({
      user_id: userId,
      task: todo.task,
      due_date: todo.due_date ?? null,
      ...(todo.priority !== undefined ? { priority: todo.priority } : {}),
      ...(todo.completed !== undefined ? { completed: todo.completed } : {}),
    })
    .returning(TODO_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** Sets the given fields (a field left out keeps its value, as DRF's update does). */
export function updateTodo(
  db: Executor,
  userId: number,
  id: number,
  changes: TodoFields,
): Promise<Todo | undefined> {
  const set = Object.fromEntries(
    Object.entries(changes).filter(([, value]) => value !== undefined),
  ) as TodoFields;
  if (Object.keys(set).length === 0) return findTodo(db, userId, id);
  return db
    .updateTable('todos')
    .set(set)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .returning(TODO_COLUMNS)
    .executeTakeFirst();
}

export async function deleteTodo(db: Executor, userId: number, id: number): Promise<boolean> {
  const row = await db
    .deleteFrom('todos')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
