import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import {
  BadRequestSchema,
  DateSchema,
  DetailSchema,
  isCalendarDate,
  LIMITS,
  TimeInputSchema,
  TimestampSchema,
  textField,
} from './common';
import { END_TIME_MESSAGES, EventBodySchema, endsAfterStart } from './events';
import { type RouteMetadata, signedIn } from './routes';
import { PrioritySchema } from './todos';

const c = initContract();

/**
 * "Your data": exports, imports and the calendar feed (issue 12, ADRs 0414 and 0415).
 * The import limits are the API's, documented in the README.
 */
export const DATA_LIMITS = {
  /** The largest import body (JSON, zip, Markdown or iCalendar), in bytes: 64 MiB. */
  importBytes: 64 * 1024 * 1024,
  /** The most bytes a zip may inflate to, all files together. */
  zipInflatedBytes: 128 * 1024 * 1024,
  /** The most files (entries) a zip may hold. */
  zipEntries: 5_000,
  /** How many skip reasons an import answer lists (the counts are always complete). */
  reasons: 100,
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

export const ExportTodoSchema = z.object({
  id: SourceIdSchema,
  task: textField(LIMITS.taskMax),
  due_date: DateSchema.nullable().optional(),
  priority: PrioritySchema.optional(),
  completed: z.boolean().optional(),
  created_at: ExportTimestampSchema,
});

/**
 * The events' own rule for `rrule` when events have one (the planner's strict parser), else any
 * short text: an export's rule is checked as a created event's is.
 */
const eventRRule: z.ZodTypeAny =
  (EventBodySchema.shape as Record<string, z.ZodTypeAny>).rrule ??
  z.string().max(1000).nullable().optional();

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
 * An event. `end_time` and `rrule` (the planner's fields, ADR 0412) are optional: a
 * document from before them, or one without them, is still version 1.
 */
export const ExportEventSchema = z
  .object({
    id: SourceIdSchema,
    title: textField(LIMITS.eventTitleMax),
    date: DateSchema,
    time: TimeInputSchema.nullable().optional(),
    end_time: TimeInputSchema.nullable().optional(),
    rrule: eventRRule,
    created_at: ExportTimestampSchema,
    /** A series' changed or deleted occurrences; absent when none. */
    exceptions: z.array(ExportExceptionSchema).max(EXPORT_EXCEPTIONS_MAX).optional(),
  })
  .superRefine((event, ctx) => {
    if (event.end_time && !endsAfterStart(event.time, event.end_time)) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['end_time'],
        message: END_TIME_MESSAGES.notAfter,
      });
    }
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

export const FeedStatusSchema = z.object({
  /** Whether a subscription URL exists (its token is stored only as a hash: never shown again). */
  active: z.boolean(),
  created_at: TimestampSchema.nullable(),
});
export type FeedStatus = z.infer<typeof FeedStatusSchema>;

export const FeedUrlSchema = z.object({
  /** The path of the feed, `/api/calendar/feed/{token}.ics`; the token is the only key to it. */
  url: z.string(),
});

const importErrors = {
  400: BadRequestSchema,
  413: DetailSchema,
  415: DetailSchema,
};

/** A signed-in route whose body is an iCalendar file, not JSON (a JSON body is a 415). */
function calendarFile<R extends { metadata: RouteMetadata }>(route: R): R {
  return { ...route, metadata: { ...route.metadata, bodyTypes: ['text/calendar'] } };
}

const download = (contentType: string) => c.otherResponse({ contentType, body: z.string() });

export const dataContract = c.router({
  exportJson: {
    method: 'GET',
    path: '/api/export/',
    ...signedIn({
      200: c.otherResponse({ contentType: 'application/json', body: ExportDocumentSchema }),
    }),
    summary: 'All of your notes, to-dos and events as one JSON document (a download)',
  },
  exportNotes: {
    method: 'GET',
    path: '/api/export/notes.zip',
    ...signedIn({ 200: download('application/zip') }),
    summary: 'Your notes as Markdown files with YAML front matter, in a zip',
  },
  import: {
    method: 'POST',
    path: '/api/import/',
    // The body is one of several kinds, told apart by Content-Type: a prodify-export JSON
    // document (ExportDocumentSchema), application/zip of .md files, or one text/markdown file.
    body: z.unknown(),
    query: z.object({
      /** The uploaded file's name: the title of a Markdown file without a heading. */
      filename: z.string().max(255).optional(),
    }),
    ...signedIn({ 201: ImportSummarySchema, ...importErrors }),
    summary: 'Add a JSON export, a zip of Markdown files or one Markdown file to your account',
    description: `At most ${DATA_LIMITS.importBytes / 1024 / 1024} MiB. Never overwrites; importing the same items again skips them.`,
  },
});

/** iCalendar: export, import and the secret subscription feed (ADR 0415). */
export const icalContract = c.router({
  export: {
    method: 'GET',
    path: '/api/calendar/export.ics',
    ...signedIn({ 200: download('text/calendar; charset=utf-8') }),
    summary: 'Your events and dated to-dos as iCalendar (RFC 5545)',
  },
  import: {
    method: 'POST',
    path: '/api/calendar/import/',
    body: z.unknown(),
    ...calendarFile(signedIn({ 201: ImportSummarySchema, ...importErrors })),
    description: `At most ${DATA_LIMITS.importBytes / 1024 / 1024} MiB. Zoned times become the server's local wall time.`,
    summary: 'Add the events (VEVENT) and to-dos (VTODO) of an iCalendar file (text/calendar)',
  },
  feedStatus: {
    method: 'GET',
    path: '/api/calendar/feed/',
    ...signedIn({ 200: FeedStatusSchema }),
    summary: 'Whether your calendar subscription URL exists',
  },
  feedCreate: {
    method: 'POST',
    path: '/api/calendar/feed/',
    body: c.noBody(),
    ...signedIn({ 201: FeedUrlSchema }),
    summary: 'Create your calendar subscription URL, or replace it (the old one stops at once)',
  },
  feedDelete: {
    method: 'DELETE',
    path: '/api/calendar/feed/',
    body: c.noBody(),
    ...signedIn({ 204: c.noBody() }),
    summary: 'Turn your calendar subscription URL off',
  },
  feed: {
    method: 'GET',
    path: '/api/calendar/feed/:file',
    pathParams: z.object({ file: z.string().regex(/^[A-Za-z0-9_-]{22,64}\.ics$/) }),
    responses: {
      200: download('text/calendar; charset=utf-8'),
      304: c.noBody(),
      404: DetailSchema,
    },
    metadata: { auth: false },
    summary: 'A calendar subscription: needs no sign-in, the secret URL is the key',
  },
});
