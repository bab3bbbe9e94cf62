import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import {
  BadRequestSchema,
  BooleanSchema,
  DateSchema,
  DetailSchema,
  IdPathSchema,
  LIMITS,
  PageQuerySchema,
  pageSchema,
  TimestampSchema,
  textField,
} from './common';

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

// Not `as const`: readonly numeric keys are lost by ts-rest's status inference.
const authed = { 401: DetailSchema, 429: DetailSchema };

export const todosContract = c.router({
  list: {
    method: 'GET',
    path: '/api/todos/',
    query: TodoListQuerySchema,
    responses: {
      200: z.union([z.array(TodoSchema), TodoPageSchema]),
      400: BadRequestSchema,
      404: DetailSchema,
      ...authed,
    },
    metadata: { auth: true },
    summary: 'To-dos, newest first; a page object when ?page= is given',
  },
  create: {
    method: 'POST',
    path: '/api/todos/',
    body: TodoBodySchema,
    responses: { 201: TodoSchema, 400: BadRequestSchema, ...authed },
    metadata: { auth: true },
    summary: 'Create a to-do',
  },
  get: {
    method: 'GET',
    path: '/api/todos/:id/',
    pathParams: IdPathSchema,
    responses: { 200: TodoSchema, 404: DetailSchema, ...authed },
    metadata: { auth: true },
    summary: 'One to-do',
  },
  update: {
    method: 'PUT',
    path: '/api/todos/:id/',
    pathParams: IdPathSchema,
    body: TodoBodySchema,
    responses: { 200: TodoSchema, 400: BadRequestSchema, 404: DetailSchema, ...authed },
    metadata: { auth: true },
    summary: 'Replace a to-do',
  },
  patch: {
    method: 'PATCH',
    path: '/api/todos/:id/',
    pathParams: IdPathSchema,
    body: TodoPatchSchema,
    responses: { 200: TodoSchema, 400: BadRequestSchema, 404: DetailSchema, ...authed },
    metadata: { auth: true },
    summary: 'Change some fields of a to-do (e.g. `completed`)',
  },
  remove: {
    method: 'DELETE',
    path: '/api/todos/:id/',
    pathParams: IdPathSchema,
    body: c.noBody(),
    responses: { 204: c.noBody(), 404: DetailSchema, ...authed },
    metadata: { auth: true },
    summary: 'Delete a to-do',
  },
});
