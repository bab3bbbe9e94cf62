import {
  type FieldErrors,
  formatRRule,
  parseRRule,
  TODO_COMPLETIONS_MAX,
  type TodoBodySchema,
  type TodoCompletion,
  type TodoPatchSchema,
  todoRuleErrors,
} from '@prodify/contract';
import type { z } from 'zod';
import { findOwned } from '../../db/owned';
import { parseRow, type RowOf } from '../../db/rows';
import { TODO_ROW } from '../../db/tables';
import type { Executor } from '../../db/types';
import { FieldErrorBag } from '../../lib/drf';
import { MESSAGES as EVENT_MESSAGES } from '../events/events.write';
import { nextOccurrence, seriesEnd } from '../events/recurrence';

type NewTodo = z.output<typeof TodoBodySchema>;
type TodoChanges = z.output<typeof TodoPatchSchema>;

/** What the rules across fields look at: the to-do as it would be stored. */
export interface TodoState {
  due_date: string | null;
  due_time: string | null;
  rrule: string | null;
}

/** The contract's rules across fields, and a COUNT whose last date is past the year 9999. */
export function checkTodo(state: TodoState): FieldErrors | undefined {
  const bag = new FieldErrorBag();
  for (const [field, message] of todoRuleErrors(state)) bag.add(field, message);
  if (bag.empty && state.rrule !== null && state.due_date !== null) {
    const parsed = parseRRule(state.rrule);
    if (parsed.ok && seriesEnd(parsed.rule, state.due_date, state.due_time) === undefined) {
      bag.add('rrule', EVENT_MESSAGES.tooFar);
    }
  }
  return bag.build();
}

type Written<S extends number> =
  | { status: S; body: RowOf<typeof TODO_ROW> }
  | { status: 400; body: FieldErrors };

export async function createTodo(
  db: Executor,
  userId: number,
  body: NewTodo,
): Promise<Written<201>> {
  const errors = checkTodo({
    due_date: body.due_date ?? null,
    due_time: body.due_time ?? null,
    rrule: body.rrule ?? null,
  });
  if (errors) return { status: 400 as const, body: errors };
  const row = await db
    .insertInto('todos')
    .values({ ...body, user_id: userId })
    .returning(TODO_ROW.json)
    .executeTakeFirstOrThrow();
  return { status: 201 as const, body: parseRow(TODO_ROW, row) };
}

/**
 * A repeating to-do completed (ADR 0422): where it goes next. The to-do is always its series'
 * next open occurrence and its rule the occurrences from there on, so the next date is the
 * rule's second occurrence from the due date, and a COUNT counts one fewer. Null when the
 * series ends with this occurrence: then the to-do is really done.
 */
export function advance(state: TodoState & { due_date: string; rrule: string }) {
  const parsed = parseRRule(state.rrule);
  if (!parsed.ok) return null;
  const next = nextOccurrence(parsed.rule, state.due_date, state.due_time);
  if (!next) return null;
  const { rule } = parsed;
  const rrule =
    rule.count === undefined ? state.rrule : formatRRule({ ...rule, count: rule.count - 1 });
  return { due_date: next, rrule };
}

/**
 * Sets the given fields of one of the user's to-dos (a field left out keeps its value, as DRF's
 * update does); undefined when the user has no such to-do. Completing a repeating to-do records
 * the occurrence in `todo_completions` and moves the to-do to its next date, still open.
 */
export async function updateTodo(
  db: Executor,
  userId: number,
  id: number,
  changes: TodoChanges,
): Promise<Written<200> | undefined> {
  const set = Object.fromEntries(
    Object.entries(changes).filter(([, value]) => value !== undefined),
  ) as TodoChanges;
  if (Object.keys(set).length === 0) {
    const todo = await findOwned(db, TODO_ROW, userId, id);
    return todo && { status: 200 as const, body: todo };
  }
  return db.transaction().execute(async (trx) => {
    const stored = await trx
      .selectFrom('todos')
      .select(['due_date', 'due_time', 'rrule', 'completed'])
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!stored) return undefined;
    const state = { ...stored, ...set } as TodoState & { completed: boolean };
    const errors = checkTodo(state);
    if (errors) return { status: 400 as const, body: errors };
    const { due_date, rrule } = state;
    if (set.completed === true && !stored.completed && due_date !== null && rrule !== null) {
      await trx
        .insertInto('todo_completions')
        .values({ user_id: userId, todo_id: id, occurrence: due_date })
        .execute();
      const next = advance({ ...state, due_date, rrule });
      if (next) Object.assign(set, { ...next, completed: false });
    }
    const row = await trx
      .updateTable('todos')
      .set(set)
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .returning(TODO_ROW.json)
      .executeTakeFirstOrThrow();
    return { status: 200 as const, body: parseRow(TODO_ROW, row) };
  });
}

/**
 * The completed occurrences of one of the user's to-dos, the latest first and at most
 * TODO_COMPLETIONS_MAX; undefined when the user has no such to-do (a trashed one included).
 */
export async function listCompletions(
  db: Executor,
  userId: number,
  id: number,
): Promise<TodoCompletion[] | undefined> {
  const todo = await db
    .selectFrom('todos')
    .select('id')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!todo) return undefined;
  const rows = await db
    .selectFrom('todo_completions')
    .select(['occurrence', 'completed_at'])
    .where('user_id', '=', userId)
    .where('todo_id', '=', id)
    .orderBy('completed_at', 'desc')
    .orderBy('id', 'desc')
    .limit(TODO_COMPLETIONS_MAX)
    .execute();
  return rows;
}
