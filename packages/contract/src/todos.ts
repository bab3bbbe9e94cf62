import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import {
  BadRequestSchema,
  BooleanSchema,
  DateSchema,
  LIMITS,
  TimeInputSchema,
  TimeSchema,
  TimestampSchema,
  textField,
} from './common';
import {
  createRoute,
  getRoute,
  PageQuerySchema,
  pagedList,
  pageSchema,
  removeRoute,
  signedInById,
} from './routes';
import { parseRRule, RRuleInputSchema } from './rrule';
import { SearchQuerySchema } from './search';

const c = initContract();

export const PRIORITIES = ['L', 'M', 'H'] as const;
export const PrioritySchema = z.enum(PRIORITIES);
export type Priority = z.infer<typeof PrioritySchema>;
export const DEFAULT_PRIORITY: Priority = 'M';

export const TodoSchema = z.object({
  id: z.number().int(),
  user: z.number().int(),
  task: z.string(),
  due_date: z.string().nullable(),
  priority: PrioritySchema,
  completed: z.boolean(),
  created_at: TimestampSchema,
  /** `HH:MM:SS` on `due_date`; absent when the to-do is due some time that day. */
  due_time: TimeSchema.optional(),
  /**
   * An RRULE (rrule.ts, the events' subset) from `due_date` on: completing the to-do records it
   * done and moves it to its next date (ADR 0422); absent when it does not repeat.
   */
  rrule: z.string().optional(),
});
export type Todo = z.infer<typeof TodoSchema>;

/** PUT: `task` is required; the rest keep their defaults when left out. */
export const TodoBodySchema = z.object({
  task: textField(LIMITS.taskMax),
  due_date: DateSchema.nullable().optional(),
  priority: PrioritySchema.optional(),
  completed: BooleanSchema.optional(),
  /** With `due_date` (`todoRuleErrors`; the API checks it with the stored values). */
  due_time: TimeInputSchema.nullable().optional(),
  /** With `due_date`, which is its first occurrence. */
  rrule: RRuleInputSchema.nullable().optional(),
});
export type TodoBody = z.input<typeof TodoBodySchema>;

export const TodoPatchSchema = TodoBodySchema.partial();
export type TodoPatch = z.input<typeof TodoPatchSchema>;

export const TODO_RULE_MESSAGES = {
  dueTimeWithoutDate: 'A due time needs a due date.',
  rruleWithoutDate: 'A repeating to-do needs a due date.',
  untilBeforeDate: 'UNTIL must not be before the due date.',
} as const;

/**
 * The rules across a to-do's fields, as `[field, message]` pairs (none when it is right). Zod
 * runs an object's refinement even when a field failed, so a value may be anything here.
 */
export function todoRuleErrors(todo: {
  due_date?: unknown;
  due_time?: unknown;
  rrule?: unknown;
}): ['due_time' | 'rrule', string][] {
  const out: ['due_time' | 'rrule', string][] = [];
  if (todo.due_time && !todo.due_date) {
    out.push(['due_time', TODO_RULE_MESSAGES.dueTimeWithoutDate]);
  }
  // A rule that failed its own check has said so already.
  if (typeof todo.rrule === 'string' && todo.rrule !== '') {
    const parsed = parseRRule(todo.rrule);
    if (!parsed.ok) return out;
    if (!todo.due_date) out.push(['rrule', TODO_RULE_MESSAGES.rruleWithoutDate]);
    else if (
      parsed.rule.until &&
      typeof todo.due_date === 'string' &&
      parsed.rule.until.date < todo.due_date
    ) {
      out.push(['rrule', TODO_RULE_MESSAGES.untilBeforeDate]);
    }
  }
  return out;
}

export const TodoPageSchema = pageSchema(TodoSchema);
export type TodoPage = z.infer<typeof TodoPageSchema>;

/**
 * `-created_at` (newest first) is the original order. `due_date` sorts by due date with
 * undated to-dos last, newest first within a day: the order the web app shows. `-due_date` is
 * latest first, undated still last. `priority` is by importance, not by letter: `-priority` is
 * High, Medium, Low. Ties go newest first. `completed,` before any of them (DRF's list of
 * fields) puts the open to-dos before the done ones, each in that order, across pages. An
 * unknown field is a 400 (DRF ignores it).
 */
export const TODO_SORTS = [
  '-created_at',
  'created_at',
  'due_date',
  '-due_date',
  'priority',
  '-priority',
] as const;
/** One field of `TodoOrderingSchema` (a sort a user chooses). */
export const TodoSortSchema = z.enum(TODO_SORTS);
export type TodoSort = z.infer<typeof TodoSortSchema>;
export const TodoOrderingSchema = z.enum([
  ...TODO_SORTS,
  'completed,-created_at',
  'completed,created_at',
  'completed,due_date',
  'completed,-due_date',
  'completed,priority',
  'completed,-priority',
]);
export type TodoOrdering = z.infer<typeof TodoOrderingSchema>;

/** Priorities from the least to the most important (`?ordering=priority`). */
export const PRIORITY_IMPORTANCE: readonly Priority[] = ['L', 'M', 'H'];

/**
 * `?search=` keeps the to-dos whose task holds every term (DRF's SearchFilter, case- and
 * accent-insensitive); `?completed=true|false` the done or the open ones.
 */
export const TodoListQuerySchema = PageQuerySchema.extend({
  ordering: TodoOrderingSchema.optional(),
  search: SearchQuerySchema,
  completed: z.enum(['true', 'false']).optional(),
  /** Due on or after this day (DRF's `field_after`, inclusive); undated to-dos are left out. */
  due_after: DateSchema.optional(),
  /** Due on or before this day (inclusive). */
  due_before: DateSchema.optional(),
});

/** One completed occurrence of a repeating to-do (ADR 0422). */
export const TodoCompletionSchema = z.object({
  /** The due date it had when it was completed. */
  occurrence: z.string(),
  completed_at: TimestampSchema,
});
export type TodoCompletion = z.infer<typeof TodoCompletionSchema>;

/** How many completions one answer lists, the latest first. */
export const TODO_COMPLETIONS_MAX = 366;

export const todosContract = c.router({
  list: {
    method: 'GET',
    path: '/api/todos/',
    ...pagedList(TodoSchema, TodoListQuerySchema),
    summary: 'To-dos, newest first; a page object when ?page= is given',
  },
  create: createRoute('/api/todos/', TodoBodySchema, TodoSchema, 'Create a to-do'),
  get: getRoute('/api/todos/:id/', TodoSchema, 'One to-do'),
  update: {
    method: 'PUT',
    path: '/api/todos/:id/',
    body: TodoBodySchema,
    ...signedInById({ 200: TodoSchema, 400: BadRequestSchema }),
    summary: 'Replace a to-do',
  },
  patch: {
    method: 'PATCH',
    path: '/api/todos/:id/',
    body: TodoPatchSchema,
    ...signedInById({ 200: TodoSchema, 400: BadRequestSchema }),
    summary: 'Change some fields of a to-do (e.g. `completed`)',
  },
  remove: removeRoute('/api/todos/:id/', 'Delete a to-do'),
  completions: getRoute(
    '/api/todos/:id/completions/',
    z.array(TodoCompletionSchema),
    `A repeating to-do's completed occurrences, the latest first (at most ${TODO_COMPLETIONS_MAX})`,
  ),
});
