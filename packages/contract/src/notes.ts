import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import {
  BadRequestSchema,
  DetailSchema,
  IdPathSchema,
  LIMITS,
  PageQuerySchema,
  pageSchema,
  TimestampSchema,
  textField,
} from './common';
import { SummarySchema } from './summarize';

const c = initContract();

export const NoteSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  created_at: TimestampSchema,
  author: z.number().int(),
  /** The saved summary, or null until one is made (cleared when the note changes). */
  summary: z.string().nullable(),
});
export type Note = z.infer<typeof NoteSchema>;

export const NoteBodySchema = z.object({
  title: textField(LIMITS.noteTitleMax),
  content: textField(LIMITS.noteContentMax),
});
export type NoteBody = z.input<typeof NoteBodySchema>;

export const NotePageSchema = pageSchema(NoteSchema);
export type NotePage = z.infer<typeof NotePageSchema>;

export const NoteOrderingSchema = z.enum(['created_at', '-created_at']);

export const NoteListQuerySchema = PageQuerySchema.extend({
  ordering: NoteOrderingSchema.optional(),
});

// Not `as const`: readonly numeric keys are lost by ts-rest's status inference.
const authed = { 401: DetailSchema, 429: DetailSchema };

export const notesContract = c.router({
  list: {
    method: 'GET',
    path: '/api/notes/',
    query: NoteListQuerySchema,
    responses: {
      200: z.union([z.array(NoteSchema), NotePageSchema]),
      400: BadRequestSchema,
      404: DetailSchema,
      ...authed,
    },
    metadata: { auth: true },
    summary: 'Notes, oldest first; a page object when ?page= is given',
  },
  create: {
    method: 'POST',
    path: '/api/notes/',
    body: NoteBodySchema,
    responses: { 201: NoteSchema, 400: BadRequestSchema, ...authed },
    metadata: { auth: true },
    summary: 'Create a note',
  },
  get: {
    method: 'GET',
    path: '/api/notes/:id/',
    pathParams: IdPathSchema,
    responses: { 200: NoteSchema, 404: DetailSchema, ...authed },
    metadata: { auth: true },
    summary: 'One note',
  },
  update: {
    method: 'PATCH',
    path: '/api/notes/:id/',
    pathParams: IdPathSchema,
    body: NoteBodySchema.partial(),
    responses: { 200: NoteSchema, 400: BadRequestSchema, 404: DetailSchema, ...authed },
    metadata: { auth: true },
    summary: 'Edit a note (clears its saved summary when the text changes)',
  },
  remove: {
    method: 'DELETE',
    path: '/api/notes/delete/:id/',
    pathParams: IdPathSchema,
    body: c.noBody(),
    responses: { 204: c.noBody(), 404: DetailSchema, ...authed },
    metadata: { auth: true },
    summary: 'Delete a note',
  },
  summarize: {
    method: 'POST',
    path: '/api/notes/:id/summarize/',
    pathParams: IdPathSchema,
    body: c.noBody(),
    responses: { 200: SummarySchema, 404: DetailSchema, 503: DetailSchema, ...authed },
    metadata: { auth: true },
    summary: 'Summarize a note and save the summary on it',
  },
});
