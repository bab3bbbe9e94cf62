/**
 * The summary engines inside the real app: `buildApp` with the engine chosen from the config (no
 * stand-in), on the test database. Ollama, which cannot run here, is the protocol fake from
 * test/fakes/ollama.ts.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOllama, startFakeOllama } from '../../test/fakes/ollama';
import { testConfig } from '../../test/support/config';
import { createTestDatabase, type TestDatabase } from '../../test/support/database';
import { send, signUp } from '../../test/support/inject';
import { buildApp } from '../app';
import { summarizeText } from './builtin';

const NOTE = [
  'Building association meeting, 12 March',
  '',
  'The leak above flat 5B came back after the winter, so the roof must be repaired this spring.',
  'Hansen Roofing quoted €18,400 and can start in April; Nordtak quoted €21,900 and cannot start before June.',
  'The board recommended Hansen Roofing, and the vote was 12 for and 2 against.',
  'After the roof repair the reserve fund will be below the minimum in the bylaws.',
  'The monthly fee goes up by €15 per flat from May to rebuild the reserve fund.',
  'Bikes without a name tag will be removed from the storage room after 30 April.',
  'Mrs. Olsen asked about the broken intercom; the caretaker will get a quote.',
].join('\n');

let db: TestDatabase;
const apps: FastifyInstance[] = [];
let fake: FakeOllama | undefined;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  await fake?.close();
  fake = undefined;
});
afterAll(async () => {
  await db.drop();
});

async function start(summarizer?: { ollamaHost: string; ollamaTimeoutMs?: number }) {
  const base = testConfig();
  const config = summarizer
    ? { ...base, summarizer: { ...base.summarizer, ollamaTimeoutMs: 2000, ...summarizer } }
    : base;
  const app = await buildApp({ config, db: db.handle, logger: false });
  apps.push(app);
  await app.ready();
  const { auth } = await signUp(app, `summaries${apps.length}${Date.now()}`);
  const post = (url: string, body: unknown) =>
    send(app, { method: 'POST', url, body, headers: auth });
  const get = (url: string) => send(app, { method: 'GET', url, headers: auth });
  return { app, post, get };
}

describe('summaries in the running app', () => {
  it('POST /api/summarize/ answers with a real built-in summary when no OLLAMA_HOST is set', async () => {
    const { post } = await start();
    const res = await post('/api/summarize/', { content: NOTE });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { summary: string; engine: string };
    expect(body.engine).toBe('builtin');
    expect(body.summary).toBe(summarizeText(NOTE));
    expect(body.summary).toContain('Hansen Roofing');
    expect(body.summary.length).toBeLessThan(NOTE.length / 2);
    for (const sentence of body.summary.split(/(?<=[.!?]) (?=[A-Z])/)) {
      expect(NOTE.replace(/\s+/g, ' ')).toContain(sentence);
    }
  });

  it('POST /api/notes/:id/summarize/ saves the built-in summary on the note', async () => {
    const { post, get } = await start();
    const created = await post('/api/notes/', { title: 'Association', content: NOTE });
    expect(created.statusCode).toBe(201);
    const { id } = created.json() as { id: number };
    const res = await post(`/api/notes/${id}/summarize/`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ summary: summarizeText(NOTE), engine: 'builtin' });
    const note = await get(`/api/notes/${id}/`);
    expect(note.json()).toMatchObject({ summary: summarizeText(NOTE) });
  });

  it('/readyz reports the built-in engine as ready', async () => {
    const { app } = await start();
    const res = await app.inject({ method: 'GET', url: '/readyz' });
    expect(res.json()).toMatchObject({ summarizer: { engine: 'builtin', ready: true } });
  });

  it('uses Ollama when OLLAMA_HOST is set, and falls back to the built-in engine when it fails', async () => {
    fake = await startFakeOllama({
      reply: () => 'Hansen Roofing repairs the roof from April; fees rise by €15.',
    });
    const working = await start({ ollamaHost: fake.url });
    const ok = await working.post('/api/summarize/', { content: NOTE });
    expect(ok.json()).toEqual({
      summary: 'Hansen Roofing repairs the roof from April; fees rise by €15.',
      engine: 'ollama',
    });
    const ready = await working.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.json()).toMatchObject({ summarizer: { engine: 'ollama', ready: true } });

    fake.options.failWith = { status: 500, error: 'llama runner process has terminated' };
    const failed = await working.post('/api/summarize/', { content: NOTE });
    expect(failed.statusCode).toBe(200);
    expect(failed.json()).toEqual({ summary: summarizeText(NOTE), engine: 'builtin' });
  });
});
