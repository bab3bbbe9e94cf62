import { Ollama } from 'ollama';
import { DEFAULT_OLLAMA_MODEL, DEFAULT_OLLAMA_TIMEOUT_MS } from './types';

/**
 * The Ollama engine: summaries from a local model server through the official `ollama` client.
 * It throws on every failure (unreachable, HTTP error, timeout, empty answer); the caller
 * (`index.ts`) falls back to the built-in engine.
 */

/**
 * Context we ask for (num_ctx). Ollama's default is small (2–4k tokens depending on the version);
 * 4096 tokens fits a chunk, the prompt and the answer, and stays cheap on a CPU.
 */
const CONTEXT_TOKENS = 4096;
/** ~1,500 English tokens (about 4 characters each), leaving room for prompt and answer. */
export const DEFAULT_CHUNK_CHARS = 6000;
/** The answer is a short summary; this bounds a model that rambles. */
const MAX_ANSWER_TOKENS = 300;
/** /api/tags must answer quickly, or /readyz would hang on a stuck server. */
const STATUS_TIMEOUT_MS = 2000;

export interface OllamaEngineOptions {
  host: string;
  model?: string;
  /** One deadline for the whole summary, all chunk requests included. */
  timeoutMs?: number;
  /** Longest piece of a note sent in one request; longer notes are summarized map-reduce style. */
  chunkChars?: number;
  /** Streamed (NDJSON) answers by default; `false` asks for one JSON object. */
  stream?: boolean;
}

const SYSTEM_PROMPT = [
  'You summarize personal notes.',
  'Write a faithful, concise summary of the text the user sends: at most three sentences, about 60 words.',
  'Write it in the same language as the text.',
  'Use only what the text says: keep names, dates, numbers and decisions, and add nothing.',
  'Answer with the summary itself: no preamble such as "Here is a summary", no title, no quotes, no lists.',
].join(' ');

const PART_PROMPT = (part: number, parts: number) =>
  `This is part ${part} of ${parts} of one long note. Summarize this part only, in the same way.`;

const COMBINE_PROMPT =
  'These are summaries of consecutive parts of one long note, in order. Combine them into one summary of the whole note, following the same rules.';

/** Strips what small models add despite the prompt: "Here is a summary:", "Summary:", quotes. */
export function cleanAnswer(answer: string): string {
  let text = answer.trim();
  text = text.replace(
    /^(?:here(?:'s| is) (?:a |the |your )?(?:concise |short |brief )?summary[^:\n]*:|summary:)\s*/i,
    '',
  );
  if (/^["“«].*["”»]$/su.test(text)) text = text.slice(1, -1).trim();
  return text;
}

/** Splits a note into pieces of at most `max` characters at paragraph, line, sentence or word breaks. */
export function chunkText(text: string, max: number): string[] {
  if (text.length <= max) return [text];
  const chunks: string[] = [];
  let rest = text;
  while (rest.length > max) {
    const window = rest.slice(0, max);
    let cut = -1;
    for (const breaker of [/\n\s*\n/g, /\n/g, /[.!?]\s/g, /\s/g]) {
      let last = -1;
      for (const m of window.matchAll(breaker))
        if (m.index >= max / 2) last = m.index + m[0].length;
      if (last > 0) {
        cut = last;
        break;
      }
    }
    if (cut <= 0) cut = max;
    chunks.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut);
  }
  if (rest.trim()) chunks.push(rest.trim());
  return chunks.filter((c) => c !== '');
}

/**
 * Ollama answers errors as JSON; a proxy in front of it may answer HTML. The client would print
 * such a body with console.log; as `{"error": "..."}` it becomes an ordinary error instead.
 */
async function asJsonError(response: Response): Promise<Response> {
  if (response.ok || response.headers.get('content-type')?.includes('application/json')) {
    return response;
  }
  const text = (await response.text().catch(() => ''))
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ');
  const error = `HTTP ${response.status}${text.trim() ? `: ${text.trim().slice(0, 200)}` : ''}`;
  return new Response(JSON.stringify({ error }), {
    status: response.status,
    statusText: response.statusText,
    headers: { 'content-type': 'application/json' },
  });
}

export interface OllamaStatus {
  ready: boolean;
  detail: string;
}

export class OllamaEngine {
  readonly host: string;
  readonly model: string;
  readonly timeoutMs: number;
  readonly chunkChars: number;
  readonly stream: boolean;

  constructor(options: OllamaEngineOptions) {
    this.host = options.host;
    this.model = options.model || DEFAULT_OLLAMA_MODEL;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_OLLAMA_TIMEOUT_MS;
    this.chunkChars = Math.max(500, options.chunkChars ?? DEFAULT_CHUNK_CHARS);
    this.stream = options.stream ?? true;
  }

  /**
   * A client whose every request carries `signal`. The `ollama` client has no per-call signal
   * (and none at all on non-streamed requests), so it gets a fetch that adds ours.
   */
  private client(signal: AbortSignal): Ollama {
    return new Ollama({
      host: this.host,
      fetch: async (input, init) =>
        asJsonError(
          await fetch(input, {
            ...init,
            signal: init?.signal ? AbortSignal.any([init.signal, signal]) : signal,
          }),
        ),
    });
  }

  private async chat(
    client: Ollama,
    instruction: string | undefined,
    content: string,
  ): Promise<string> {
    const messages = [
      { role: 'system', content: instruction ? `${SYSTEM_PROMPT} ${instruction}` : SYSTEM_PROMPT },
      { role: 'user', content },
    ];
    const options = { temperature: 0.2, num_ctx: CONTEXT_TOKENS, num_predict: MAX_ANSWER_TOKENS };
    let answer = '';
    if (this.stream) {
      const parts = await client.chat({ model: this.model, messages, options, stream: true });
      for await (const part of parts) answer += part.message?.content ?? '';
    } else {
      const response = await client.chat({ model: this.model, messages, options, stream: false });
      answer = response.message?.content ?? '';
    }
    const cleaned = cleanAnswer(answer);
    if (!cleaned) throw new Error('Ollama answered with an empty summary');
    return cleaned;
  }

  /** Summarizes `text`; map-reduce over chunks when it is longer than `chunkChars`. */
  async summarize(text: string, callerSignal?: AbortSignal): Promise<string> {
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const signal = callerSignal ? AbortSignal.any([callerSignal, timeout]) : timeout;
    const client = this.client(signal);
    try {
      let pieces = chunkText(text.trim(), this.chunkChars);
      if (pieces.length === 1) return await this.chat(client, undefined, pieces[0]!);
      // Map: one summary per chunk, one request at a time (Ollama queues them anyway).
      let summaries: string[] = [];
      for (const [i, piece] of pieces.entries()) {
        summaries.push(await this.chat(client, PART_PROMPT(i + 1, pieces.length), piece));
      }
      // Reduce: combine; if even the summaries are too long for one request, combine in rounds.
      for (;;) {
        const joined = summaries.join('\n\n');
        if (joined.length <= this.chunkChars || summaries.length === 1) {
          return await this.chat(client, COMBINE_PROMPT, joined);
        }
        pieces = chunkText(joined, this.chunkChars);
        // Answers as long as their input would never converge; the deadline bounds the rest.
        if (pieces.length >= summaries.length) {
          return await this.chat(client, COMBINE_PROMPT, joined.slice(0, this.chunkChars));
        }
        const next: string[] = [];
        for (const piece of pieces) next.push(await this.chat(client, COMBINE_PROMPT, piece));
        summaries = next;
      }
    } catch (error) {
      if (timeout.aborted && !callerSignal?.aborted) {
        throw new Error(`Ollama did not answer within ${this.timeoutMs} ms`, { cause: error });
      }
      throw error;
    }
  }

  /** Whether the server answers and has the model (GET /api/tags). Never throws. */
  async status(): Promise<OllamaStatus> {
    try {
      const { models } = await this.client(AbortSignal.timeout(STATUS_TIMEOUT_MS)).list();
      const wanted = this.model.includes(':') ? this.model : `${this.model}:latest`;
      const found = models.some(
        (m) => m.name === wanted || m.model === wanted || m.name === this.model,
      );
      return found
        ? { ready: true, detail: `Ollama at ${this.host} has model ${this.model}` }
        : {
            ready: false,
            detail: `Ollama at ${this.host} answers but has no model ${this.model} (run: ollama pull ${this.model})`,
          };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return { ready: false, detail: `Ollama at ${this.host} is not reachable: ${reason}` };
    }
  }
}
