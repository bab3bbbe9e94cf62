/**
 * The Ollama engine against a protocol fake (test/fakes/ollama.ts): Ollama itself cannot run on
 * the test machines, so a local node:http server speaks its documented wire format (/api/chat
 * streamed as NDJSON or as one JSON object, /api/tags, {"error"} bodies) to the real `ollama`
 * client. Everything on our side of the socket is the production code.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeOllama, startFakeOllama, unusedAddress } from '../../test/fakes/ollama';
import { chunkText, cleanAnswer, OllamaEngine } from './ollama';

let fake: FakeOllama | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

describe('OllamaEngine', () => {
  it('sends the note to /api/chat with the prompt, the model and a context size', async () => {
    fake = await startFakeOllama({ reply: () => 'Ana booked the lodge for seven people.' });
    const engine = new OllamaEngine({ host: fake.url, model: 'llama3.2:3b' });
    const summary = await engine.summarize('Ana: booking the lodge\nBen: yes!');
    expect(summary).toBe('Ana booked the lodge for seven people.');
    const [request] = fake.chatRequests();
    expect(request!.model).toBe('llama3.2:3b');
    expect(request!.stream).toBe(true);
    expect(request!.messages[0]!.role).toBe('system');
    expect(request!.messages[0]!.content).toMatch(/faithful, concise summary/);
    expect(request!.messages[0]!.content).toMatch(/same language/);
    expect(request!.messages[0]!.content).toMatch(/no preamble/);
    expect(request!.messages[1]).toEqual({
      role: 'user',
      content: 'Ana: booking the lodge\nBen: yes!',
    });
    expect(request!.options).toMatchObject({ num_ctx: 4096 });
  });

  it('assembles a streamed answer from its NDJSON tokens', async () => {
    const answer = 'The council approved forty miles of protected bike lanes, starting in April.';
    fake = await startFakeOllama({ reply: () => answer, tokenDelayMs: 2 });
    const engine = new OllamaEngine({ host: fake.url, stream: true });
    expect(await engine.summarize('some long note about bike lanes')).toBe(answer);
  });

  it('reads a non-streamed JSON answer', async () => {
    fake = await startFakeOllama({ reply: () => 'One JSON object.' });
    const engine = new OllamaEngine({ host: fake.url, stream: false });
    expect(await engine.summarize('a note')).toBe('One JSON object.');
    expect(fake.chatRequests()[0]!.stream).toBe(false);
  });

  it('strips a preamble and quotes that small models add anyway', async () => {
    fake = await startFakeOllama({
      reply: () => 'Here is a concise summary of the note:\n"Buy milk."',
    });
    const engine = new OllamaEngine({ host: fake.url });
    expect(await engine.summarize('milk!!')).toBe('Buy milk.');
  });

  it('gives up after the timeout when the server is slow', async () => {
    fake = await startFakeOllama({ delayMs: 3000 });
    const engine = new OllamaEngine({ host: fake.url, timeoutMs: 200 });
    const started = Date.now();
    await expect(engine.summarize('a note')).rejects.toThrow(/did not answer within 200 ms/);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('gives up after the timeout when a stream stalls half-way', async () => {
    fake = await startFakeOllama({
      reply: () => 'one two three four five six',
      tokenDelayMs: 1000,
    });
    const engine = new OllamaEngine({ host: fake.url, timeoutMs: 300 });
    await expect(engine.summarize('a note')).rejects.toThrow(/did not answer within 300 ms/);
  });

  it("stops when the caller's signal aborts", async () => {
    fake = await startFakeOllama({ delayMs: 3000 });
    const engine = new OllamaEngine({ host: fake.url, timeoutMs: 10_000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const started = Date.now();
    await expect(engine.summarize('a note', controller.signal)).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('throws on an HTTP error, with Ollama’s message', async () => {
    fake = await startFakeOllama({ failWith: { status: 500, error: 'CUDA error: out of memory' } });
    const engine = new OllamaEngine({ host: fake.url });
    await expect(engine.summarize('a note')).rejects.toThrow(/out of memory/);
  });

  it('turns an HTML error page from a proxy into an ordinary error, without console noise', async () => {
    fake = await startFakeOllama({ failWith: { status: 502, error: 'Bad Gateway', html: true } });
    const engine = new OllamaEngine({ host: fake.url });
    const logged = vi.spyOn(console, 'log');
    await expect(engine.summarize('a note')).rejects.toThrow('HTTP 502: Bad Gateway');
    expect(logged).not.toHaveBeenCalled();
    logged.mockRestore();
  });

  it('throws when the model is not pulled (404)', async () => {
    fake = await startFakeOllama({ models: ['mistral:7b'] });
    const engine = new OllamaEngine({ host: fake.url, model: 'llama3.2:3b' });
    await expect(engine.summarize('a note')).rejects.toThrow(/not found, try pulling it first/);
  });

  it('throws when the stream breaks with an error line', async () => {
    fake = await startFakeOllama({ reply: () => 'a b c d e f', breakStreamAfter: 2 });
    const engine = new OllamaEngine({ host: fake.url });
    await expect(engine.summarize('a note')).rejects.toThrow(/llama runner process has terminated/);
  });

  it('throws on an empty answer', async () => {
    fake = await startFakeOllama({ reply: () => '   ' });
    const engine = new OllamaEngine({ host: fake.url });
    await expect(engine.summarize('a note')).rejects.toThrow(/empty summary/);
  });

  it('throws when nothing listens at the address', async () => {
    const engine = new OllamaEngine({ host: await unusedAddress(), timeoutMs: 2000 });
    await expect(engine.summarize('a note')).rejects.toThrow();
  });

  it('summarizes a long note map-reduce style: one request per chunk, then one to combine', async () => {
    fake = await startFakeOllama({
      reply: (req) => {
        const system = req.messages[0]!.content;
        const part = /part (\d+) of (\d+)/.exec(system);
        if (part) return `Summary of part ${part[1]}.`;
        if (/Combine them/.test(system))
          return `Whole note: ${req.messages[1]!.content.replace(/\n+/g, ' ')}`;
        return 'unexpected single request';
      },
    });
    const paragraph = (i: number) =>
      `Paragraph ${i}. ${'The committee discussed the budget at length. '.repeat(20).trim()}`;
    const note = Array.from({ length: 12 }, (_, i) => paragraph(i + 1)).join('\n\n');
    expect(note.length).toBeGreaterThan(10_000);
    const engine = new OllamaEngine({ host: fake.url, chunkChars: 3000 });
    const summary = await engine.summarize(note);

    const requests = fake.chatRequests();
    const maps = requests.filter((r) => /part \d+ of \d+/.test(r.messages[0]!.content));
    const reduces = requests.filter((r) => /Combine them/.test(r.messages[0]!.content));
    expect(maps.length).toBe(chunkText(note, 3000).length);
    expect(maps.length).toBeGreaterThanOrEqual(4);
    expect(reduces).toHaveLength(1);
    // Every chunk fits the limit, and together they carry the whole note, in order.
    for (const m of maps) expect(m.messages[1]!.content.length).toBeLessThanOrEqual(3000);
    const rejoined = maps.map((m) => m.messages[1]!.content).join(' ');
    expect(rejoined.replace(/\s+/g, ' ') === note.replace(/\s+/g, ' ')).toBe(true);
    // The combining request gets the part summaries in order, and its answer is the summary.
    expect(reduces[0]!.messages[1]!.content).toBe(
      maps.map((_, i) => `Summary of part ${i + 1}.`).join('\n\n'),
    );
    expect(summary).toBe(
      `Whole note: ${maps.map((_, i) => `Summary of part ${i + 1}.`).join(' ')}`,
    );
    // Map calls were made one after another, before the combine.
    expect(requests.indexOf(reduces[0]!)).toBe(requests.length - 1);
  });

  it('sends a note that fits in one request as it is', async () => {
    fake = await startFakeOllama();
    const engine = new OllamaEngine({ host: fake.url, chunkChars: 3000 });
    await engine.summarize('x'.repeat(2999));
    expect(fake.chatRequests()).toHaveLength(1);
    expect(fake.chatRequests()[0]!.messages[0]!.content).not.toMatch(/part \d+ of/);
  });
});

describe('OllamaEngine.status', () => {
  it('is ready when the server lists the model (GET /api/tags)', async () => {
    fake = await startFakeOllama({ models: ['llama3.2:3b', 'mistral:7b'] });
    const status = await new OllamaEngine({ host: fake.url, model: 'llama3.2:3b' }).status();
    expect(status.ready).toBe(true);
    expect(status.detail).toMatch(/has model llama3\.2:3b/);
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/tags']);
  });

  it('matches an untagged model name to :latest', async () => {
    fake = await startFakeOllama({ models: ['phi3'] });
    expect((await new OllamaEngine({ host: fake.url, model: 'phi3' }).status()).ready).toBe(true);
  });

  it('is not ready, and says how to fix it, when the model is missing', async () => {
    fake = await startFakeOllama({ models: ['mistral:7b'] });
    const status = await new OllamaEngine({ host: fake.url, model: 'llama3.2:3b' }).status();
    expect(status).toEqual({
      ready: false,
      detail: expect.stringMatching(/ollama pull llama3\.2:3b/),
    });
  });

  it('is not ready, without throwing, when the server is unreachable or stuck', async () => {
    const down = await new OllamaEngine({ host: await unusedAddress() }).status();
    expect(down.ready).toBe(false);
    expect(down.detail).toMatch(/not reachable/);
    fake = await startFakeOllama({ delayMs: 5000 });
    const started = Date.now();
    const stuck = await new OllamaEngine({ host: fake.url }).status();
    expect(stuck.ready).toBe(false);
    expect(Date.now() - started).toBeLessThan(4000);
  });
});

describe('chunkText', () => {
  it('keeps short text whole and cuts long text at paragraph breaks first', () => {
    expect(chunkText('short', 100)).toEqual(['short']);
    const a = 'a'.repeat(60);
    const b = 'b'.repeat(60);
    expect(chunkText(`${a}\n\n${b}`, 100)).toEqual([a, b]);
  });

  it('falls back to sentence and word breaks, and to a hard cut for one giant word', () => {
    const sentences = 'One sentence here. '.repeat(20);
    for (const c of chunkText(sentences, 100)) {
      expect(c.length).toBeLessThanOrEqual(100);
      expect(c.endsWith('.')).toBe(true);
    }
    const giant = 'x'.repeat(250);
    expect(chunkText(giant, 100)).toEqual(['x'.repeat(100), 'x'.repeat(100), 'x'.repeat(50)]);
  });
});

describe('cleanAnswer', () => {
  it('removes preambles and wrapping quotes but keeps the summary', () => {
    expect(cleanAnswer('Summary: Buy milk.')).toBe('Buy milk.');
    expect(cleanAnswer("Here's a summary of your note: Call Mum.")).toBe('Call Mum.');
    expect(cleanAnswer('“Quoted.”')).toBe('Quoted.');
    expect(cleanAnswer('Plain answer.')).toBe('Plain answer.');
  });
});
