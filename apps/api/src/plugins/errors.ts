import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isDatabaseUnavailable } from '../db/errors';
import {
  DATABASE_UNAVAILABLE,
  detail,
  methodNotAllowed,
  NOT_FOUND,
  SERVER_ERROR,
  unsupportedMediaType,
} from '../lib/drf';
import type { RouteTable } from '../lib/route-table';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by the static plugin when the built web app is there: serves its index.html. */
    spaFallback?: (request: FastifyRequest, reply: FastifyReply) => FastifyReply;
  }
}

export const BODY_LIMIT = 1024 * 1024;

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

class JsonParseError extends Error {
  readonly statusCode = 400;
  readonly code = 'PRODIFY_JSON_PARSE';
}

/** A `\uD800`-`\uDFFF` escape: the only way a lone surrogate gets into a parsed body. */
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const fixText = (text: string) => text.replace(LONE_SURROGATE, '\ufffd');

/**
 * Replaces lone surrogates (text no UTF-8 can hold) by U+FFFD in every string and key of a
 * parsed body, in place and without recursion (bodies may nest deeply), as the `pg` driver does
 * on its way to Postgres. PGlite instead sent malformed UTF-8 and the request failed with a 500.
 */
function wellFormed(root: unknown): unknown {
  if (typeof root === 'string') return fixText(root);
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null) continue;
    const record = node as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const value = record[key];
      const fixedKey = fixText(key);
      if (fixedKey !== key) delete record[key];
      Object.defineProperty(record, fixedKey, {
        value: typeof value === 'string' ? fixText(value) : value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
      if (typeof value === 'object' && value !== null) stack.push(value);
    }
  }
  return root;
}

/** Generic texts for 4xx errors raised by Fastify itself; never the internals of a 5xx. */
const CLIENT_ERROR_TEXT: Record<number, string> = {
  400: 'Bad request.',
  404: 'Not found.',
  408: 'Request timed out.',
  413: 'Request body is too large (the limit is 1 MB).',
  414: 'Request URI is too long.',
  431: 'Request headers are too large.',
};

export function errorReply(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof JsonParseError) return reply.code(400).send(detail(error.message));
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return reply.code(415).send(unsupportedMediaType(request.headers['content-type'] ?? ''));
  }
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return reply.code(413).send(detail(CLIENT_ERROR_TEXT[413] as string));
  }
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'database unavailable');
    return reply.code(503).header('retry-after', '5').send(DATABASE_UNAVAILABLE);
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return reply.code(status).send(detail(CLIENT_ERROR_TEXT[status] ?? 'Bad request.'));
  }
  // A bug: log everything, tell the client nothing about it.
  request.log.error({ err: error }, 'unhandled error');
  return reply.code(500).send(SERVER_ERROR);
}

/**
 * Request parsing and error answers in DRF's shapes: JSON bodies (an empty one is `{}`),
 * malformed JSON, 413/415, unknown paths (404) and wrong methods (405 with `Allow`), and one
 * root handler that logs a 5xx and answers it without details.
 */
export const errorsPlugin = fp<{ routes: RouteTable }>(
  async (app, { routes }) => {
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser(['application/json', 'text/plain']);
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: BODY_LIMIT },
      (request, body, done) => {
        const text = typeof body === 'string' ? body : body.toString('utf8');
        // DRF treats an empty body as no data: the fields are then "required".
        if (text.trim() === '') return done(null, {});
        parseJson(request, text, (error, value) => {
          if (error) return done(new JsonParseError(`JSON parse error - ${error.message}`));
          done(null, SURROGATE_ESCAPE.test(text) ? wellFormed(value) : value);
        });
      },
    );

    // Ids in paths are digits only, as Django's <int:id>: "1e3" or "0x10" must not reach a row.
    app.addHook('preValidation', async (request, reply) => {
      const id = (request.params as { id?: unknown } | undefined)?.id;
      if (typeof id === 'string' && !/^[0-9]+$/.test(id)) return reply.code(404).send(NOT_FOUND);
    });

    // A POST/PUT/PATCH without a body validates as `{}`, so the answer names the missing fields.
    app.addHook('preValidation', async (request) => {
      if (
        BODY_METHODS.has(request.method) &&
        (request.body === undefined || request.body === null)
      ) {
        request.body = {};
      }
    });

    app.setErrorHandler(errorReply);

    app.setNotFoundHandler((request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      const isApi = pathname === '/api' || pathname.startsWith('/api/');
      if (isApi) {
        const allowed = routes.allowed(pathname);
        // OPTIONS that is not a CORS preflight of an allowed origin: say what the path takes.
        if (allowed && request.method === 'OPTIONS') {
          return reply.code(204).header('allow', allowed.join(', ')).send();
        }
        if (allowed && !allowed.includes(request.method)) {
          return reply
            .code(405)
            .header('allow', allowed.join(', '))
            .send(methodNotAllowed(request.method));
        }
        return reply.code(404).send(NOT_FOUND);
      }
      if ((request.method === 'GET' || request.method === 'HEAD') && app.spaFallback) {
        return app.spaFallback(request, reply);
      }
      return reply.code(404).send(NOT_FOUND);
    });
  },
  { name: 'errors' },
);
