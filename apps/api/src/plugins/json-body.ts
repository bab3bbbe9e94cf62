import fp from 'fastify-plugin';
import { SURROGATE_ESCAPE, wellFormed } from '../lib/well-formed';
import { readLargeBody } from './raw-body';

export const BODY_LIMIT = 1024 * 1024;

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/** A malformed JSON body: answered 400 with DRF's "JSON parse error - ..." (plugins/errors.ts). */
export class JsonParseError extends Error {
  readonly statusCode = 400;
  readonly code = 'PRODIFY_JSON_PARSE';
}

export interface JsonBodyOptions {
  /**
   * Routes (paths as registered) that take a JSON file rather than a request body: they get its
   * raw bytes as a Buffer, up to their own body limit, and parse it themselves off the event loop
   * (the imports, ADR 0420).
   */
  rawPaths?: readonly string[];
}

/**
 * JSON request bodies, the only kind accepted (anything else is a 415): an empty body is `{}`
 * (DRF treats it as no data, so the answer names the missing fields); any other JSON value is
 * handed to the contract as it is, which answers DRF's 400 for one that is not an object.
 */
export const jsonBodyPlugin = fp<JsonBodyOptions>(
  async (app, { rawPaths = [] }) => {
    const raw = new Set(rawPaths);
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser(['application/json', 'text/plain']);
    // Read by raw-body.ts up to the route's limit (1 MB but for the imports).
    app.addContentTypeParser('application/json', (request, payload, done) => {
      readLargeBody(request, payload, (failure, bytes) => {
        if (failure || !bytes) return done(failure ?? new Error('no body'), undefined);
        if (raw.has(request.routeOptions.url ?? '')) return done(null, bytes);
        const text = bytes.toString('utf8');
        if (text.trim() === '') return done(null, {});
        parseJson(request, text, (error, value) => {
          if (error) return done(new JsonParseError(`JSON parse error - ${error.message}`));
          done(null, SURROGATE_ESCAPE.test(text) ? wellFormed(value) : value);
        });
      });
    });

    // A POST/PUT/PATCH without a body at all validates as `{}`, as an empty one does.
    app.addHook('preValidation', async (request) => {
      if (BODY_METHODS.has(request.method) && request.body === undefined) request.body = {};
    });
  },
  { name: 'json-body' },
);
