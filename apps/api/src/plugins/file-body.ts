import fp from 'fastify-plugin';
import { readLargeBody } from './raw-body';

/** The media types of file imports; every other route still answers them 415. */
export const FILE_TYPES = [
  'application/zip',
  'application/x-zip-compressed',
  'text/markdown',
  'text/x-markdown',
  'text/calendar',
] as const;

export interface FileBodyOptions {
  /** The route paths (as registered) that take files; their own `bodyLimit` applies. */
  paths: readonly string[];
}

/** Raised for a file body sent to a route that takes none: answered 415 (plugins/errors.ts). */
class NotAFileRoute extends Error {
  readonly statusCode = 415;
  readonly code = 'FST_ERR_CTP_INVALID_MEDIA_TYPE';
}

/**
 * Request bodies that are files (a zip, a Markdown file, an iCalendar file) for the import
 * routes: read as a Buffer, up to the route's own body limit (ADR 0414), without a stall at
 * its end (raw-body.ts). On any other route
 * these types are refused as before, with 415.
 */
export const fileBodyPlugin = fp<FileBodyOptions>(
  async (app, { paths }) => {
    const allowed = new Set(paths);
    app.addContentTypeParser([...FILE_TYPES], (request, payload, done) => {
      if (!allowed.has(request.routeOptions.url ?? '')) return done(new NotAFileRoute(), undefined);
      readLargeBody(request, payload, done);
    });
  },
  { name: 'file-body', dependencies: ['json-body'] },
);
