/**
 * A protocol fake of the Ollama server, for tests only.
 *
 * Why a fake: Ollama cannot run on the test machines (no GPU, no model downloads, no network), so
 * the Ollama engine is tested against this small node:http server instead. It speaks the wire
 * format of Ollama's HTTP API as documented in its docs/api.md, so the real `ollama` npm client
 * talks to it unchanged:
 *   - GET  /api/tags  → {"models":[{name, model, modified_at, size, digest, details}]}
 *   - POST /api/chat  → with "stream": false one JSON object {model, created_at, message:{role,
 *     content}, done: true, done_reason, total_duration, …}; otherwise (the default) NDJSON
 *     (application/x-ndjson), one object per token with done: false, then a final done: true
 *     object with the statistics and an empty message.
 *   - errors as Ollama sends them: a status code with {"error": "..."}; an unknown model is a 404
 *     'model "x" not found, try pulling it first'; an error during a stream is an {"error"} line.
 * What the model says is up to each test (`reply`), and every request is recorded.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChatMessage {
  role: string;
  content: string;
}

export interface ChatRequestBody {
  model: string;
  messages: ChatMessage[];
  stream?: boolean;
  options?: Record<string, unknown>;
}

export interface RecordedRequest {
  method: string;
  path: string;
  body?: ChatRequestBody;
}

export interface FakeOllamaOptions {
  /** Models listed by /api/tags and accepted by /api/chat. */
  models?: string[];
  /** The assistant's answer to a chat request. */
  reply?: (request: ChatRequestBody) => string;
  /** Delay before answering anything (ms): a slow or stuck server. */
  delayMs?: number;
  /** Delay between streamed tokens (ms). */
  tokenDelayMs?: number;
  /** Answer /api/chat with this HTTP status and {"error": …} instead (or an HTML page, as a
   * proxy in front of Ollama would). */
  failWith?: { status: number; error: string; html?: boolean };
  /** Stream this many tokens, then send an {"error"} line (a model crash mid-answer). */
  breakStreamAfter?: number;
}

export interface FakeOllama {
  url: string;
  requests: RecordedRequest[];
  chatRequests(): ChatRequestBody[];
  options: FakeOllamaOptions;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      data += chunk;
    });
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

function modelEntry(name: string) {
  return {
    name,
    model: name,
    modified_at: '2025-01-15T10:00:00.000000000Z',
    size: 2019393189,
    digest: 'a80c4f17acd55265feec403c7aef86be0c25983ab279d83f3bcd3abbcb5b8b72',
    details: {
      parent_model: '',
      format: 'gguf',
      family: 'llama',
      families: ['llama'],
      parameter_size: '3.2B',
      quantization_level: 'Q4_K_M',
    },
  };
}

/** Ollama resolves "llama3.2" to "llama3.2:latest". */
const withTag = (name: string) => (name.includes(':') ? name : `${name}:latest`);

export async function startFakeOllama(options: FakeOllamaOptions = {}): Promise<FakeOllama> {
  const requests: RecordedRequest[] = [];
  const sockets = new Set<import('node:net').Socket>();

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const raw = req.method === 'POST' ? await readBody(req) : '';
    const recorded: RecordedRequest = { method: req.method ?? 'GET', path };
    requests.push(recorded);
    const models = (options.models ?? ['llama3.2:3b']).map(withTag);
    // The client may give up while we wait (that is what the timeout tests do).
    res.on('error', () => {});
    if (options.delayMs) await sleep(options.delayMs);
    if (res.destroyed) return;

    if (req.method === 'GET' && path === '/api/tags') {
      sendJson(res, 200, { models: models.map(modelEntry) });
      return;
    }
    if (req.method === 'POST' && path === '/api/chat') {
      let body: ChatRequestBody;
      try {
        body = JSON.parse(raw) as ChatRequestBody;
      } catch {
        sendJson(res, 400, { error: 'invalid character in JSON body' });
        return;
      }
      recorded.body = body;
      if (!body.model) {
        sendJson(res, 400, { error: 'model is required' });
        return;
      }
      if (!models.includes(withTag(body.model))) {
        sendJson(res, 404, { error: `model "${body.model}" not found, try pulling it first` });
        return;
      }
      if (options.failWith?.html) {
        res.writeHead(options.failWith.status, { 'Content-Type': 'text/html' });
        res.end(`<html><body><h1>${options.failWith.error}</h1></body></html>`);
        return;
      }
      if (options.failWith) {
        sendJson(res, options.failWith.status, { error: options.failWith.error });
        return;
      }
      const content = (options.reply ?? (() => 'A short summary.'))(body);
      const stats = {
        total_duration: 4883583458,
        load_duration: 1334875,
        prompt_eval_count: 26,
        prompt_eval_duration: 342546000,
        eval_count: 12,
        eval_duration: 4535599000,
      };
      const now = () => new Date().toISOString();
      if (body.stream === false) {
        sendJson(res, 200, {
          model: body.model,
          created_at: now(),
          message: { role: 'assistant', content },
          done_reason: 'stop',
          done: true,
          ...stats,
        });
        return;
      }
      res.writeHead(200, { 'Content-Type': 'application/x-ndjson' });
      const tokens = content.match(/\s*\S+/g) ?? [];
      for (const [i, token] of tokens.entries()) {
        if (options.breakStreamAfter !== undefined && i === options.breakStreamAfter) {
          res.end(
            `${JSON.stringify({ error: 'llama runner process has terminated: signal: killed' })}\n`,
          );
          return;
        }
        res.write(
          `${JSON.stringify({ model: body.model, created_at: now(), message: { role: 'assistant', content: token }, done: false })}\n`,
        );
        if (options.tokenDelayMs) await sleep(options.tokenDelayMs);
        if (res.destroyed) return;
      }
      res.end(
        `${JSON.stringify({ model: body.model, created_at: now(), message: { role: 'assistant', content: '' }, done_reason: 'stop', done: true, ...stats })}\n`,
      );
      return;
    }
    res.writeHead(404, { 'Content-Type': 'text/plain' });
    res.end('404 page not found');
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    chatRequests: () =>
      requests.filter((r) => r.path === '/api/chat' && r.body).map((r) => r.body!),
    options,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** An address where nothing listens: a port that was just free. */
export async function unusedAddress(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
