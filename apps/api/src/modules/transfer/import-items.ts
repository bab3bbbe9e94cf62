import type {
  ExportEventSchema,
  ExportExceptionSchema,
  ExportNoteSchema,
  ExportTodoSchema,
  ImportSummary,
} from '@prodify/contract';
import type { z } from 'zod';

/**
 * What an import adds, whatever file it came from (ADR 0414): the export's item shapes
 * (the contract's), without the ids of the account they came from. Each carries `source`, a
 * key of where it came from, unique per user and kind (`import_source`), so that an item
 * imported before is skipped and never overwritten. `own` is the item's id in a prodify export
 * with its `created_at`: an item still in the account under that very id and time is the
 * caller's own (an export re-imported into the account it came from), and is skipped too.
 */
interface Sourced {
  source: string;
  own?: { id: number; created_at: string };
  created_at?: string;
}

export type NewException = z.output<typeof ExportExceptionSchema>;

/** An export item's own fields: what the item is, without where it was exported from. */
type Fields<S extends z.ZodTypeAny> = Omit<z.output<S>, 'id' | 'created_at' | 'exceptions'>;

export type NewNote = Sourced & Fields<typeof ExportNoteSchema>;

export type NewTodo = Sourced & Fields<typeof ExportTodoSchema>;

export type NewEvent = Sourced &
  Fields<typeof ExportEventSchema> & {
    /** A series' changed or deleted occurrences (JSON import; ICS EXDATEs as deleted ones). */
    exceptions?: NewException[] | undefined;
  };

export interface ImportItems {
  notes: NewNote[];
  todos: NewTodo[];
  events: NewEvent[];
}

export type ImportKind = keyof ImportItems;

/** A file's items and what of it was skipped while reading it (with the first reasons). */
export interface FileItems {
  items: ImportItems;
  other: number;
  reasons: ImportSummary['reasons'];
}
