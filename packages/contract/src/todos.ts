import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import {
  BadRequestSchema,
  BooleanSchema,
  DateSchema,
  LIMITS,
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
});
export type Todo = z.infer<typeof TodoSchema>;

/** PUT: `task` is required; the rest keep their defaults when left out. */
export const TodoBodySchema = z.object({
  task: textField(LIMITS.taskMax),
  due_date: DateSchema.nullable().optional(),
  priority: PrioritySchema.optional(),
  completed: BooleanSchema.optional(),
});
export type TodoBody = z.input<typeof TodoBodySchema>;

export const TodoPatchSchema = TodoBodySchema.partial();
export type TodoPatch = z.input<typeof TodoPatchSchema>;

export const TodoPageSchema = pageSchema(TodoSchema);
export type TodoPage = z.infer<typeof TodoPageSchema>;

/**
 * `-created_at` (newest first) is the original order. `due_date` sorts by due date with
 * undated to-dos last, newest first within a day: the order the web app shows.
 */
export const TodoOrderingSchema = z.enum(['-created_at', 'created_at', 'due_date']);

export const TodoListQuerySchema = PageQuerySchema.extend({
  ordering: TodoOrderingSchema.optional(),
});

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
});
