/**
 * Engine choice and fallback. Ollama is replaced by the protocol fake in test/fakes/ollama.ts
 * (Ollama cannot run on the test machines); the built-in engine is the real one.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { captureLog } from '../../test/fakes/capture-log';
import {
  type FakeOllama,
  type FakeOllamaOptions,
  startFakeOllama,
  unusedAddress,
} from '../../test/fakes/ollama';
import { summarizeText } from './builtin';
import { createSummarizer } from './index';

const NOTE = [
  'The roof above flat 5B leaks again after the winter, and the association compared two quotes.',
  'Hansen Roofing asked for €18,400 and can start in April, while Nordtak wants €21,900 and June.',
  'The board recommended Hansen and the members approved it by twelve votes to two.',
  'After the repair the reserve fund drops below the minimum, so the monthly fee rises by €15.',
  'Abandoned bikes without a name tag will be removed from the storage room after 30 April.',
  'The caretaker will get a quote for the broken intercom at the side entrance.',
].join(' ');

const config = (over: Partial<Parameters<typeof createSummarizer>[0]> = {}) => ({
  ollamaModel: 'llama3.2:3b',
  ollamaTimeoutMs: 2000,
  ...over,
});

let fake: FakeOllama | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

describe('createSummarizer without OLLAMA_HOST', () => {
  it('uses the built-in engine and is ready', async () => {
    const { log } = captureLog();
    const s = createSummarizer(config(), log);
    const result = await s.summarize(NOTE);
    expect(result.engine).toBe('builtin');
    expect(result.summary).toBe(summarizeText(NOTE));
    expect(result.summary.length).toBeGreaterThan(0);
    expect(result.summary.length).toBeLessThan(NOTE.length);
    expect(await s.status()).toEqual({
      engine: 'builtin',
      ready: true,
      detail: expect.any(String),
    });
  });
});

describe('createSummarizer with OLLAMA_HOST', () => {
  it('answers with the model’s summary and engine "ollama"', async () => {
    fake = await startFakeOllama({ reply: () => 'Hansen fixes the roof; fees rise by €15.' });
    const { log, entries } = captureLog();
    const s = createSummarizer(config({ ollamaHost: fake.url }), log);
    expect(await s.summarize(NOTE)).toEqual({
      summary: 'Hansen fixes the roof; fees rise by €15.',
      engine: 'ollama',
    });
    expect(entries.filter((e) => e.level === 'warn')).toEqual([]);
  });

  it.each<[string, FakeOllamaOptions]>([
    ['an HTTP error', { failWith: { status: 500, error: 'llama runner process has terminated' } }],
    ['a missing model', { models: ['mistral:7b'] }],
    ['a slow answer (timeout)', { delayMs: 5000 }],
    ['a broken stream', { breakStreamAfter: 1, reply: () => 'one two three' }],
    ['an empty answer', { reply: () => '' }],
  ])('falls back to the built-in engine on %s, with a warning', async (_label, behaviour) => {
    fake = await startFakeOllama(behaviour);
    const { log, entries } = captureLog();
    const s = createSummarizer(config({ ollamaHost: fake.url, ollamaTimeoutMs: 300 }), log);
    const started = Date.now();
    const result = await s.summarize(NOTE);
    expect(result).toEqual({ summary: summarizeText(NOTE), engine: 'builtin' });
    expect(Date.now() - started).toBeLessThan(3000);
    const warnings = entries.filter((e) => e.level === 'warn');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.msg).toMatch(/falling back to the built-in summarizer/);
    expect(warnings[0]!.obj).toMatchObject({ ollamaHost: fake.url, model: 'llama3.2:3b' });
  });

  it('falls back when nothing listens at OLLAMA_HOST', async () => {
    const { log, entries } = captureLog();
    const s = createSummarizer(config({ ollamaHost: await unusedAddress() }), log);
    expect(await s.summarize(NOTE)).toEqual({ summary: summarizeText(NOTE), engine: 'builtin' });
    expect(entries.some((e) => e.level === 'warn')).toBe(true);
  });

  it('answers at once, without a warning, when the caller has gone away', async () => {
    fake = await startFakeOllama({ delayMs: 5000 });
    const { log, entries } = captureLog();
    const s = createSummarizer(config({ ollamaHost: fake.url, ollamaTimeoutMs: 10_000 }), log);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const started = Date.now();
    const result = await s.summarize(NOTE, { signal: controller.signal });
    expect(result.engine).toBe('builtin');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(entries.filter((e) => e.level === 'warn')).toEqual([]);
  });

  it('reports Ollama’s status for /readyz and caches it briefly', async () => {
    fake = await startFakeOllama({ models: ['llama3.2:3b'] });
    const { log } = captureLog();
    const s = createSummarizer(config({ ollamaHost: fake.url }), log);
    expect(await s.status()).toEqual({
      engine: 'ollama',
      ready: true,
      detail: expect.stringMatching(/llama3\.2:3b/),
    });
    await s.status();
    await s.status();
    expect(fake.requests.filter((r) => r.path === '/api/tags')).toHaveLength(1);
  });

  it('reports a missing model or a dead server as not ready, never throwing', async () => {
    fake = await startFakeOllama({ models: [] });
    const { log } = captureLog();
    const missing = await createSummarizer(config({ ollamaHost: fake.url }), log).status();
    expect(missing).toMatchObject({ engine: 'ollama', ready: false });
    expect(missing.detail).toMatch(/ollama pull llama3\.2:3b/);
    const dead = await createSummarizer(
      config({ ollamaHost: await unusedAddress() }),
      log,
    ).status();
    expect(dead).toMatchObject({ engine: 'ollama', ready: false });
    expect(dead.detail).toMatch(/not reachable.*built-in engine meanwhile/);
  });
});
