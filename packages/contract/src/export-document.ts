import { z } from 'zod';
import { DateSchema, isCalendarDate, LIMITS, TimeInputSchema, textField } from './common';
import { END_TIME_MESSAGES, EventBodySchema, endDateError, endsAfterStart } from './events';
import { TodoBodySchema, todoRuleErrors } from './todos';

/**
 * Transfer (exports, imports and the calendar feed; ADRs 0414, 0415, 0420): the limits of
 * every import parser, documented in the README.
 */
export const TRANSFER_LIMITS = {
  /** The largest import body (JSON, zip, Markdown or iCalendar), in bytes: 64 MiB. */
  importBytes: 64 * 1024 * 1024,
  /** The most bytes a zip may inflate to, all files together. */
  zipInflatedBytes: 128 * 1024 * 1024,
  /** The most files (entries) a zip may hold. */
  zipEntries: 5_000,
  /** How many skip reasons an import answer lists (the counts are always complete). */
  reasons: 100,
  /** How many field errors a refused import answers; validation stops once it has them. */
  errors: 50,
  /** The most items of each kind (notes, to-dos, events) one import may hold. */
  importItems: 250_000,
  /** The most changed or deleted occurrences the events of one import may carry in all. */
  importExceptions: 100_000,
  /** JSON: the deepest nesting of arrays and objects (an export needs 4). */
  jsonDepth: 32,
  /** JSON: how many arrays and objects a document may hold in all (each item is one). */
  jsonContainers: 1_200_000,
  /** iCalendar: content lines after unfolding, and the longest one, in characters. */
  icsLines: 3_000_000,
  icsLineChars: 256 * 1024,
  /** iCalendar: the deepest nesting of BEGIN/END (VCALENDAR > VEVENT > VALARM needs 3). */
  icsDepth: 8,
  /** iCalendar: components in all, and properties in one component. */
  icsComponents: 300_000,
  icsProperties: 1_000,
  /** iCalendar: a custom VTIMEZONE's observances (STANDARD/DAYLIGHT) and their RDATEs. */
  tzObservances: 100,
  tzDates: 1_000,
  /** Markdown front matter: its most characters (the rest of the note is content). */
  frontMatterChars: 64 * 1024,
} as const;

export const EXPORT_FORMAT = 'prodify-export';
export const EXPORT_VERSION = 1;

const TIMESTAMP =
  /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,6})?)?(Z|[+-](0\d|1[0-4]):[0-5]\d)$/;

/** An ISO-8601 timestamp with a zone (`Z` or `+hh:mm`), as the export writes `created_at`. */
export const ExportTimestampSchema = z.string().refine((v) => {
  const m = TIMESTAMP.exec(v);
  return m !== null && isCalendarDate(m[1] as string);
}, 'Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].');

/** A source id: the item's id in the account it was exported from. */
const SourceIdSchema = z.number().int().min(1).max(LIMITS.idMax);

export const ExportNoteSchema = z.object({
  id: SourceIdSchema,
  title: textField(LIMITS.noteTitleMax),
  content: textField(LIMITS.noteContentMax),
  created_at: ExportTimestampSchema,
  /**
   * The saved summary, or null. It may be longer than its note (the built-in engine keeps a
   * short note whole after "Summary: "), so its bound is twice the note's.
   */
  summary: z
    .string()
    .max(2 * LIMITS.noteContentMax)
    .nullable()
    .optional(),
});

/**
 * A to-do: a created to-do's fields and rules (todos.ts), with its source id and creation time.
 * Fields added later are optional, so a document from before them is still version 1.
 */
export const ExportTodoSchema = TodoBodySchema.extend({
  id: SourceIdSchema,
  created_at: ExportTimestampSchema,
}).superRefine((todo, ctx) => {
  for (const [field, message] of todoRuleErrors(todo)) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: [field], message });
  }
});

/**
 * One occurrence of a series changed or deleted ("This event", ADR 0412), named by its date in
 * the series. A deleted one needs nothing else; a changed one gives what differs (a missing
 * field keeps the series' value: `date` is where it was moved to).
 */
export const ExportExceptionSchema = z.object({
  occurrence: DateSchema,
  deleted: z.boolean().optional(),
  title: textField(LIMITS.eventTitleMax).optional(),
  date: DateSchema.optional(),
  time: TimeInputSchema.nullable().optional(),
  end_time: TimeInputSchema.nullable().optional(),
});

/** The most changed occurrences one exported event may carry. */
export const EXPORT_EXCEPTIONS_MAX = 10_000;

/**
 * An event: a created event's fields (events.ts), with its source id, creation time and changed
 * occurrences. Fields added after version 1 (`end_time`, `rrule`: ADR 0412; `end_date`,
 * `description`, `location`) are optional: a document without them is still version 1.
 */
export const ExportEventSchema = EventBodySchema.extend({
  id: SourceIdSchema,
  created_at: ExportTimestampSchema,
  /** A series' changed or deleted occurrences; absent when none. */
  exceptions: z.array(ExportExceptionSchema).max(EXPORT_EXCEPTIONS_MAX).optional(),
}).superRefine((event, ctx) => {
  const fail = (field: string, message: string) =>
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: [field], message });
  if (event.end_time && !endsAfterStart(event.time, event.end_time)) {
    fail('end_time', END_TIME_MESSAGES.notAfter);
  }
  // Zod runs this even when a field failed: only strings are compared.
  const endDate =
    typeof event.end_date === 'string' &&
    typeof event.date === 'string' &&
    endDateError(event.date, event.time, event.end_date);
  if (endDate) fail('end_date', endDate);
});

/** `GET /api/export/` answers it; `POST /api/import/` takes it (as JSON). */
export const ExportDocumentSchema = z.object({
  format: z.literal(EXPORT_FORMAT, {
    errorMap: () => ({ message: `Expected "${EXPORT_FORMAT}".` }),
  }),
  version: z.literal(EXPORT_VERSION, {
    errorMap: () => ({ message: `Unsupported version: this server reads version 1.` }),
  }),
  exported_at: ExportTimestampSchema,
  username: z.string(),
  notes: z.array(ExportNoteSchema),
  todos: z.array(ExportTodoSchema),
  events: z.array(ExportEventSchema),
});
export type ExportDocument = z.input<typeof ExportDocumentSchema>;
/** One item of an export as it is written (the API's export and the iCalendar built from it). */
export type ExportNote = z.input<typeof ExportNoteSchema>;
export type ExportTodo = z.input<typeof ExportTodoSchema>;
export type ExportEvent = z.input<typeof ExportEventSchema>;

const KindCountsSchema = z.object({
  notes: z.number().int(),
  todos: z.number().int(),
  events: z.number().int(),
});

/** What an import did: counts per kind, and why things were skipped (the first 100 reasons). */
export const ImportSummarySchema = z.object({
  created: KindCountsSchema,
  skipped: KindCountsSchema.extend({
    /** Parts of a file that are not notes, to-dos or events (e.g. a VJOURNAL, a .png). */
    other: z.number().int(),
  }),
  reasons: z.array(z.object({ item: z.string(), reason: z.string() })),
});
export type ImportSummary = z.infer<typeof ImportSummarySchema>;
