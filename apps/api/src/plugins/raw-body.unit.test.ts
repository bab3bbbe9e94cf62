import { PassThrough } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { readLargeBody } from './raw-body';

function read(chunks: string[], headers: Record<string, string>, bodyLimit = 100) {
  const request = { headers, routeOptions: { bodyLimit } } as unknown as FastifyRequest;
  const stream = new PassThrough();
  const result = new Promise<{ error: Error | null; body?: string }>((resolve) => {
    readLargeBody(request, stream, (error, body) => resolve({ error, body: body?.toString() }));
  });
  for (const chunk of chunks) stream.write(chunk);
  stream.end();
  return result;
}

describe('readLargeBody', () => {
  it('reads a body into one buffer, with or without a Content-Length', async () => {
    expect(await read(['ab', 'cd', 'e'], { 'content-length': '5' })).toEqual({
      error: null,
      body: 'abcde',
    });
    expect(await read(['ab', 'cd'], {})).toEqual({ error: null, body: 'abcd' });
  });

  it('refuses a body past the route limit, and one that does not match its Content-Length', async () => {
    const code = async (chunks: string[], headers: Record<string, string>) =>
      ((await read(chunks, headers, 4)).error as { code?: string } | null)?.code;
    expect(await code(['a'], { 'content-length': '5' })).toBe('FST_ERR_CTP_BODY_TOO_LARGE');
    expect(await code(['abc', 'de'], {})).toBe('FST_ERR_CTP_BODY_TOO_LARGE');
    expect(await code(['abc'], { 'content-length': '2' })).toBe(
      'FST_ERR_CTP_INVALID_CONTENT_LENGTH',
    );
    expect(await code(['a'], { 'content-length': '3' })).toBe('FST_ERR_CTP_INVALID_CONTENT_LENGTH');
  });
});
