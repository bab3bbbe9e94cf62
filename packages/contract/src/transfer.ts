import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { BadRequestSchema, DetailSchema, TimestampSchema } from './common';
import { ExportDocumentSchema, ImportSummarySchema, TRANSFER_LIMITS } from './export-document';
import { type RouteMetadata, signedIn } from './routes';

const c = initContract();

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
  /** Another import of the same user is running (with Retry-After). */
  429: DetailSchema,
  /** Every import worker is busy (with Retry-After). */
  503: DetailSchema,
};

/** A signed-in route whose body is an iCalendar file, not JSON (a JSON body is a 415). */
function calendarFile<R extends { metadata: RouteMetadata }>(route: R): R {
  return { ...route, metadata: { ...route.metadata, bodyTypes: ['text/calendar'] } };
}

const download = (contentType: string) => c.otherResponse({ contentType, body: z.string() });

/**
 * Transfer: the JSON export and import, the notes as Markdown files, and iCalendar export,
 * import and the secret subscription feed (ADRs 0414, 0415, 0420).
 */
export const transferContract = c.router({
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
    description: `At most ${TRANSFER_LIMITS.importBytes / 1024 / 1024} MiB. Never overwrites; importing the same items again skips them.`,
  },
  calendarExport: {
    method: 'GET',
    path: '/api/calendar/export.ics',
    ...signedIn({ 200: download('text/calendar; charset=utf-8') }),
    summary: 'Your events and dated to-dos as iCalendar (RFC 5545)',
  },
  calendarImport: {
    method: 'POST',
    path: '/api/calendar/import/',
    body: z.unknown(),
    ...calendarFile(signedIn({ 201: ImportSummarySchema, ...importErrors })),
    description: `At most ${TRANSFER_LIMITS.importBytes / 1024 / 1024} MiB. Zoned times become the server's local wall time.`,
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
