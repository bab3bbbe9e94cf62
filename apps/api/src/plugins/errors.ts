import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isDatabaseUnavailable, isMissingUser } from '../db/errors';
import {
  DATABASE_UNAVAILABLE,
  detail,
  methodNotAllowed,
  NOT_FOUND,
  SERVER_ERROR,
  USER_NOT_FOUND,
  unsupportedMediaType,
} from '../lib/drf';
import type { RouteTable } from '../lib/route-table';
import { JsonParseError } from './json-body';

/** Answers a GET or HEAD outside /api that no route took (the web app's pages). */
export type PageFallback = (request: FastifyRequest, reply: FastifyReply) => FastifyReply;

export interface ErrorsPluginOptions {
  routes: RouteTable;
  /** Pages of the built web app (plugins/static.ts); without it such paths answer a JSON 404. */
  pageFallback?: PageFallback | undefined;
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
  // The signed-in user was deleted after the auth hook read them (e.g. through another instance
  // while this one's auth cache still held them): the token's user is gone, as the hook says.
  if (isMissingUser(error)) {
    request.log.info('the signed-in user was deleted during the request');
    return reply.code(401).send(USER_NOT_FOUND);
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
 * Error answers in DRF's shapes: malformed JSON, 413/415, unknown paths (404) and wrong methods
 * (405 with `Allow`), and one root handler that logs a 5xx and answers it without details.
 */
export const errorsPlugin = fp<ErrorsPluginOptions>(
  async (app, { routes, pageFallback }) => {
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
      if ((request.method === 'GET' || request.method === 'HEAD') && pageFallback) {
        return pageFallback(request, reply);
      }
      return reply.code(404).send(NOT_FOUND);
    });
  },
  { name: 'errors' },
);
