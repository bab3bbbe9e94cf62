import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { BadRequestSchema, DetailSchema, LIMITS, TimestampSchema, textField } from './common';
import {
  createRoute,
  getRoute,
  PageQuerySchema,
  pagedList,
  pageSchema,
  removeRoute,
  signedInById,
} from './routes';
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

export const notesContract = c.router({
  list: {
    method: 'GET',
    path: '/api/notes/',
    ...pagedList(NoteSchema, NoteListQuerySchema),
    summary: 'Notes, oldest first; a page object when ?page= is given',
  },
  create: createRoute('/api/notes/', NoteBodySchema, NoteSchema, 'Create a note'),
  get: getRoute('/api/notes/:id/', NoteSchema, 'One note'),
  update: {
    method: 'PATCH',
    path: '/api/notes/:id/',
    body: NoteBodySchema.partial(),
    ...signedInById({ 200: NoteSchema, 400: BadRequestSchema }),
    summary: 'Edit a note (clears its saved summary when the text changes)',
  },
  remove: removeRoute('/api/notes/delete/:id/', 'Delete a note'),
  summarize: {
    method: 'POST',
    path: '/api/notes/:id/summarize/',
    body: c.noBody(),
    ...signedInById({ 200: SummarySchema, 503: DetailSchema }),
    summary: 'Summarize a note and save the summary on it',
  },
});
