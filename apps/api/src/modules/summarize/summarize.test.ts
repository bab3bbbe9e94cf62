import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DRF } from '@prodify/contract';
import { describe, expect, it } from 'vitest';
import { fakeSummary } from '../../../test/fakes/summarizer';
import { useTestApp } from '../../../test/support/app';

// The summary engines are stood in for by a deterministic fake (test/fakes/summarizer.ts): these
// tests cover the route, the engines have their own tests in summarizer/.
const ctx = useTestApp();

describe('POST /api/summarize/', () => {
  it('answers {summary, engine}', async () => {
    const alice = await ctx.signUp();
    const res = await ctx.request('POST', '/api/summarize/', {
      body: { content: 'Django is a web framework.' },
      headers: alice.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      summary: fakeSummary('Django is a web framework.'),
      engine: 'builtin',
    });
    expect(ctx.summarizer.calls).toEqual(['Django is a web framework.']);
  });

  it("answers the original's error with DRF's field error for missing or blank content", async () => {
    const alice = await ctx.signUp();
    const missing = await ctx.request('POST', '/api/summarize/', { body: {}, headers: alice.auth });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toBe(
      '{"error":"No content provided","content":["This field is required."]}',
    );
    for (const content of ['', '   \n ']) {
      const blank = await ctx.request('POST', '/api/summarize/', {
        body: { content },
        headers: alice.auth,
      });
      expect(blank.statusCode).toBe(400);
      expect(blank.json()).toEqual({ error: 'No content provided', content: [DRF.blank] });
    }
    const notText = await ctx.request('POST', '/api/summarize/', {
      body: { content: 42 },
      headers: alice.auth,
    });
    expect(notText.json()).toEqual({ content: [DRF.notAString] });
    expect(ctx.summarizer.calls).toEqual([]);
  });

  it('refuses content over the note limit', async () => {
    const alice = await ctx.signUp();
    const res = await ctx.request('POST', '/api/summarize/', {
      body: { content: 'x'.repeat(100_001) },
      headers: alice.auth,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      content: ['Ensure this field has no more than 100000 characters.'],
    });
  });

  it('answers 503 {detail} when no engine can answer', async () => {
    const alice = await ctx.signUp();
    ctx.summarizer.unavailable = true;
    const res = await ctx.request('POST', '/api/summarize/', {
      body: { content: 'text' },
      headers: alice.auth,
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ detail: 'The summary engine is down.' });
  });

  it('needs a signed-in user', async () => {
    const res = await ctx.request('POST', '/api/summarize/', { body: { content: 'x' } });
    expect(res.statusCode).toBe(401);
    expect(ctx.summarizer.calls).toEqual([]);
  });

  it('aborts the summary when the client goes away', async () => {
    const alice = await ctx.signUp();
    ctx.summarizer.hold = true;
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = ctx.app.server.address() as AddressInfo;
      const payload = JSON.stringify({ content: 'a long note' });
      const req = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/summarize/',
        headers: { ...alice.auth, 'content-type': 'application/json' },
      });
      req.on('error', () => {});
      req.end(payload);
      await expect.poll(() => ctx.summarizer.calls.length).toBe(1);
      const signal = ctx.summarizer.lastSignal;
      expect(signal?.aborted).toBe(false);
      req.destroy();
      await expect.poll(() => signal?.aborted).toBe(true);
    } finally {
      ctx.summarizer.release();
    }
  });
});
