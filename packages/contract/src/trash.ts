import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { TimestampSchema } from './common';
import { EventSchema } from './events';
import { NoteSchema } from './notes';
import {
  PageQuerySchema,
  pagedList,
  pageSchema,
  removeRoute,
  signedIn,
  signedInById,
} from './routes';
import { TodoSchema } from './todos';

const c = initContract();

/** How long a deleted note, to-do or event stays in the trash before it is purged. */
export const TRASH_DAYS = 30;

export const TRASH_KINDS = ['note', 'todo', 'event'] as const;
export const TrashKindSchema = z.enum(TRASH_KINDS);
export type TrashKind = z.infer<typeof TrashKindSchema>;

const entry = <K extends TrashKind, T extends z.AnyZodObject>(kind: K, item: T) =>
  z.object({ kind: z.literal(kind), deleted_at: TimestampSchema, item });

/** One deleted thing: its kind, when it was deleted, and the item as it was. */
export const TrashEntrySchema = z.discriminatedUnion('kind', [
  entry('note', NoteSchema),
  entry('todo', TodoSchema),
  entry('event', EventSchema),
]);
export type TrashEntry = z.infer<typeof TrashEntrySchema>;

/** `GET /api/trash/?page=`: the notes' page object, for a trash of thousands of entries. */
export const TrashPageSchema = pageSchema(TrashEntrySchema);
export type TrashPage = z.infer<typeof TrashPageSchema>;

/**
 * The trash (ADR 0411): `DELETE` of a note, to-do or event moves it here for
 * `TRASH_DAYS` days; restoring brings it back with its id and fields; the trash is emptied as a
 * whole or one entry at a time (`/api/trash/{notes|todos|events}/{id}/`, the item's own id);
 * another user's item or a purged one is not found.
 */
export const trashContract = c.router({
  list: {
    method: 'GET',
    path: '/api/trash/',
    ...pagedList(TrashEntrySchema, PageQuerySchema),
    summary: `Deleted notes, to-dos and events of the last ${TRASH_DAYS} days, newest first; a page object when ?page= is given`,
  },
  empty: {
    method: 'DELETE',
    path: '/api/trash/',
    body: c.noBody(),
    ...signedIn({ 204: c.noBody() }),
    summary: 'Empty the trash for good',
  },
  removeNote: removeRoute('/api/trash/notes/:id/', 'Delete one deleted note for good'),
  removeTodo: removeRoute('/api/trash/todos/:id/', 'Delete one deleted to-do for good'),
  removeEvent: removeRoute('/api/trash/events/:id/', 'Delete one deleted event for good'),
  restoreNote: {
    method: 'POST',
    path: '/api/notes/:id/restore/',
    body: c.noBody(),
    ...signedInById({ 200: NoteSchema }),
    summary: 'Bring a deleted note back',
  },
  restoreTodo: {
    method: 'POST',
    path: '/api/todos/:id/restore/',
    body: c.noBody(),
    ...signedInById({ 200: TodoSchema }),
    summary: 'Bring a deleted to-do back',
  },
  restoreEvent: {
    method: 'POST',
    path: '/api/calendar/events/:id/restore/',
    body: c.noBody(),
    ...signedInById({ 200: EventSchema }),
    summary: 'Bring a deleted event back',
  },
});
