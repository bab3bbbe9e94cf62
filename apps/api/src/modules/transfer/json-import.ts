import {
  ExportDocumentSchema as DocumentSchema,
  type ExportDocumentSchema,
  type FieldErrors,
  zodToFieldErrors,
} from '@prodify/contract';
import type { z } from 'zod';
import type { ImportItems } from './import-rows';

type Document = z.output<typeof ExportDocumentSchema>;

/** An item's source key: its id and creation time where it was exported (unique enough). */
const sourceOf = (item: { id: number; created_at: string }) => `json:${item.id}@${item.created_at}`;

/**
 * A prodify-export document as the rows to add, or DRF field errors naming what is wrong
 * (`notes.3.title`, `version`): a document with any error imports nothing.
 */
export function itemsFromDocument(
  body: unknown,
): { ok: true; items: ImportItems } | { ok: false; errors: FieldErrors } {
  const parsed = DocumentSchema.safeParse(body);
  if (!parsed.success) {
    const errors = zodToFieldErrors(parsed.error);
    // A long list of bad items would make a huge answer: the first 50 fields say enough.
    const limited = Object.fromEntries(Object.entries(errors).slice(0, 50));
    return { ok: false, errors: limited };
  }
  const doc: Document = parsed.data;
  const own = (item: { id: number; created_at: string }) => ({
    id: item.id,
    created_at: item.created_at,
  });
  return {
    ok: true,
    items: {
      notes: doc.notes.map((n) => ({
        source: sourceOf(n),
        own: own(n),
        title: n.title,
        content: n.content,
        summary: n.summary ?? null,
        created_at: n.created_at,
      })),
      todos: doc.todos.map((t) => ({
        source: sourceOf(t),
        own: own(t),
        task: t.task,
        due_date: t.due_date ?? null,
        priority: t.priority,
        completed: t.completed,
        created_at: t.created_at,
      })),
      events: doc.events.map((e) => ({
        source: sourceOf(e),
        own: own(e),
        title: e.title,
        date: e.date,
        time: e.time ?? null,
        end_time: e.end_time ?? null,
        rrule: e.rrule ?? null,
        created_at: e.created_at,
        exceptions: e.exceptions,
      })),
    },
  };
}
