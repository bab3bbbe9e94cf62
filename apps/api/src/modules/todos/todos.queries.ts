import type { Priority, Todo } from '@prodify/contract';
import { type JsonListSpec, jsonList, jsonPage, type OrderTerm } from '../../db/json-lists';
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

/** The to-do as JSON (db/json-lists.ts): the same keys, order and text as TODO_COLUMNS. */
export const TODO_JSON: JsonListSpec = {
  table: 'todos',
  fields: [
    { key: 'id', column: 'id', kind: 'int' },
    { key: 'user', column: 'user_id', kind: 'int' },
    { key: 'task', column: 'task', kind: 'text' },
    { key: 'due_date', column: 'due_date', kind: 'date', nullable: true },
    { key: 'priority', column: 'priority', kind: 'text' },
    { key: 'completed', column: 'completed', kind: 'bool' },
    { key: 'created_at', column: 'created_at', kind: 'timestamptz' },
  ],
};

/**
 * Newest first (the original's order); `created_at` oldest first; `due_date` by due date with
 * undated to-dos last, newest first within a day (what the web app shows).
 */
export function todoOrder(ordering: TodoOrdering = '-created_at'): OrderTerm[] {
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

/** All the user's to-dos as a JSON array text. */
export function listTodosJson(db: Executor, userId: number, ordering?: TodoOrdering) {
  return jsonList(db, TODO_JSON, userId, todoOrder(ordering));
}

/** One page of the user's to-dos and their count (see db/json-lists.ts). */
export function pageTodosJson(
  db: Executor,
  userId: number,
  ordering: TodoOrdering | undefined,
  limit: number,
  offset: number,
) {
  return jsonPage(
    db,
    { ...TODO_JSON, countColumn: 'todos' },
    userId,
    todoOrder(ordering),
    offset,
    limit,
  );
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
