import type { AppRoute } from '@ts-rest/core';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseCheckPlugin } from './response-check';

const route = {
  method: 'GET',
  path: '/thing',
  responses: { 200: z.object({ id: z.number(), tags: z.array(z.string()) }), 404: z.null() },
} as unknown as AppRoute;

/** An app with one route that answers whatever the test asks, as a JSON text or an object. */
async function appAnswering(status: number, body: unknown) {
  const lines: string[] = [];
  const app = Fastify({
    logger: { level: 'error', stream: { write: (l: string) => lines.push(l) } },
  });
  await app.register(responseCheckPlugin);
  app.get('/thing', { config: { tsRestRoute: route } }, async (_request, reply) =>
    reply.code(status).type('application/json').send(body),
  );
  return { app, lines };
}

describe('the contract check of answers', () => {
  it('passes an answer that matches, sent as an object or as a JSON text', async () => {
    for (const body of [{ id: 1, tags: ['a'] }, '{"id":1,"tags":[]}']) {
      const { app, lines } = await appAnswering(200, body);
      const res = await app.inject('/thing');
      expect(res.statusCode).toBe(200);
      expect(lines).toEqual([]);
    }
  });

  it('turns an answer that does not match into a logged 500', async () => {
    for (const [status, body] of [
      [200, '{"id":"1","tags":[]}'],
      [200, [{ id: 1, tags: [] }]],
      [201, { id: 1, tags: [] }],
    ] as const) {
      const { app, lines } = await appAnswering(status, body);
      const res = await app.inject('/thing');
      expect(res.statusCode, JSON.stringify(body)).toBe(500);
      expect(res.json()).toEqual({ detail: 'A server error occurred.' });
      expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({
        msg: 'answer does not match the contract',
        route: 'GET /thing',
        status,
      });
    }
  });

  it('leaves errors the infrastructure answers to their own handlers', async () => {
    const { app } = await appAnswering(413, { detail: 'too large' });
    expect((await app.inject('/thing')).statusCode).toBe(413);
  });
});
