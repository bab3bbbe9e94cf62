import { DRF } from '@prodify/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';
import { drfShapeProblem } from './support';

/**
 * The inputs the fuzzer (fuzz.test.ts) found answered with a 5xx or a body that was not
 * DRF-shaped, kept as plain regression tests on both databases.
 */
const ctx = useTestApp();

describe('URLs the router cannot decode', () => {
  it('answer a DRF-shaped 400 or 414, not Fastify’s own body', async () => {
    const alice = await ctx.signUp();
    const cases: Array<[string, string, number, string]> = [
      ['GET', '/api/todos/%/', 400, 'Bad request.'],
      ['DELETE', '/api/notes/delete/%E0%A4%A/', 400, 'Bad request.'],
      ['GET', '/api/calendar/events/%ZZ/', 400, 'Bad request.'],
      ['GET', `/api/todos/${'9'.repeat(250)}/`, 414, 'Request URI is too long.'],
    ];
    for (const [method, url, status, text] of cases) {
      const res = await ctx.request(method as 'GET', url, { headers: alice.auth });
      expect(res.statusCode, url).toBe(status);
      expect(res.json(), url).toEqual({ detail: text });
      expect(drfShapeProblem(res)).toBeUndefined();
    }
  });
});

describe('NUL characters', () => {
  it('are refused by check-username (Postgres cannot compare text holding one)', async () => {
    for (const username of ['\u0000', 'ali\u0000ce']) {
      const res = await ctx.request('POST', '/api/user/check-username/', { body: { username } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ username: [DRF.nullCharacters] });
    }
  });
});
