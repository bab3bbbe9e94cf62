import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeSummarizer } from '../../test/fakes/summarizer';
import { useTestApp } from '../../test/support/app';
import { buildApp } from '../app';
import { DiskSpaceWatch } from '../db/disk-space';
import { DISK_FULL } from './health';

const MB = 1024 * 1024;
const ctx = useTestApp();

/** The embedded database's disk, with as much free space as the test says. */
let freeBytes = 100 * MB;
const disk = new DiskSpaceWatch({
  dir: '/data',
  minFreeBytes: 64 * MB,
  intervalMs: 60_000,
  stat: async () => ({ bavail: freeBytes / 4096, bsize: 4096 }),
});

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildApp({
    config: ctx.config,
    db: ctx.db.handle,
    summarizer: createFakeSummarizer(),
    disk,
    logger: false,
  });
});
afterAll(() => app.close());

async function send(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
  token?: string,
) {
  return app.inject({
    method,
    url,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });
}

async function signUp(username: string) {
  const password = 'Str0ng!Pass1';
  expect((await send('POST', '/api/user/register/', { username, password })).statusCode).toBe(201);
  return (await send('POST', '/api/token/', { username, password })).json().access as string;
}

describe('a nearly full disk (embedded database)', () => {
  it('refuses writes with 503 and a clear detail; reads, sign-in and summaries still work', async () => {
    freeBytes = 100 * MB;
    await disk.check();
    const token = await signUp('disky');
    const note = (await send('POST', '/api/notes/', { title: 'a', content: 'b' }, token)).json();

    freeBytes = 10 * MB;
    await disk.check();
    const writes = [
      await send('POST', '/api/notes/', { title: 'c', content: 'd' }, token),
      await send('PATCH', `/api/notes/${note.id}/`, { title: 'e' }, token),
      await send('DELETE', `/api/notes/delete/${note.id}/`, undefined, token),
      await send('POST', `/api/notes/${note.id}/summarize/`, {}, token),
      await send('POST', '/api/user/register/', { username: 'late', password: 'Str0ng!Pass1' }),
    ];
    for (const res of writes) {
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('60');
      expect(res.json()).toEqual(DISK_FULL);
    }
    expect((await send('GET', '/api/notes/', undefined, token)).statusCode).toBe(200);
    const signIn = await send('POST', '/api/token/', {
      username: 'disky',
      password: 'Str0ng!Pass1',
    });
    expect(signIn.statusCode).toBe(200);
    expect(
      (await send('POST', '/api/summarize/', { content: 'One. Two.' }, token)).statusCode,
    ).toBe(200);
    expect((await send('POST', '/api/nowhere/', {})).statusCode).toBe(404);
  });

  it('makes /readyz say why it is not ready, while /healthz answers', async () => {
    freeBytes = 10 * MB;
    await disk.check();
    expect((await send('GET', '/healthz')).statusCode).toBe(200);
    const ready = await send('GET', '/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({
      status: 'unavailable',
      database: { status: 'ok' },
      disk: {
        status: 'low',
        free_mb: 10,
        min_free_mb: 64,
        detail: 'less free disk space than MIN_FREE_DISK_MB: writes are refused',
      },
    });
  });

  it('accepts writes again once there is room', async () => {
    freeBytes = 10 * MB;
    await disk.check();
    const token = await (async () => {
      freeBytes = 100 * MB;
      await disk.check();
      return signUp('roomy');
    })();
    expect(
      (await send('POST', '/api/notes/', { title: 'x', content: 'y' }, token)).statusCode,
    ).toBe(201);
    const ready = await send('GET', '/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ disk: { status: 'ok', free_mb: 100, min_free_mb: 64 } });
  });
});
