import { isZodType } from '@ts-rest/core';
import fp from 'fastify-plugin';
import { SERVER_ERROR } from '../lib/drf';

/** Why an answer does not match the contract's schema for its status, or undefined. */
function mismatch(schema: unknown, status: number, payload: unknown): string | undefined {
  // Statuses the infrastructure answers (413, 415, 503...) are not each route's concern.
  if (schema === undefined) return status < 300 ? 'the status is not in the contract' : undefined;
  if (!isZodType(schema) || typeof payload !== 'string') return undefined;
  const result = schema.safeParse(payload === '' ? undefined : JSON.parse(payload));
  if (result.success) return undefined;
  return result.error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
    .join('; ');
}

/**
 * Outside production, every answer of a contract route is checked against the contract's schema
 * for its status, as sent: list bodies are JSON texts written by the database (ADR 0402), which
 * ts-rest's own response validation cannot read. An answer that does not match is a bug: it
 * is logged and replaced by a bare 500, so a test that meets one fails.
 */
export const responseCheckPlugin = fp(
  async (app) => {
    app.addHook('onSend', async (request, reply, payload) => {
      const route = request.routeOptions.config.tsRestRoute;
      if (!route || request.method === 'HEAD') return payload;
      const status = reply.statusCode;
      const schema = (route.responses as Record<number, unknown>)[status];
      const problem = mismatch(schema, status, payload);
      if (problem === undefined) return payload;
      request.log.error(
        { route: `${route.method} ${route.path}`, status, problem },
        'answer does not match the contract',
      );
      reply.code(500).type('application/json; charset=utf-8');
      return JSON.stringify(SERVER_ERROR);
    });
  },
  { name: 'response-check' },
);
