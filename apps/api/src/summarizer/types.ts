/** What every summary engine answers. */
export interface SummaryResult {
  summary: string;
  /** The engine that actually produced the summary (`builtin` after an Ollama fallback). */
  engine: 'builtin' | 'ollama';
}

export interface SummarizeOptions {
  /** Aborted when the client goes away or the server shuts down. */
  signal?: AbortSignal;
}

export interface SummarizerStatus {
  engine: 'builtin' | 'ollama';
  ready: boolean;
  /** e.g. "model llama3.2:3b available", or why Ollama is not usable. */
  detail?: string;
}

export interface Summarizer {
  summarize(text: string, options?: SummarizeOptions): Promise<SummaryResult>;
  /** For /readyz and the start-up log. Never throws. */
  status(): Promise<SummarizerStatus>;
}

export const DEFAULT_OLLAMA_MODEL = 'llama3.2:3b';
export const DEFAULT_OLLAMA_TIMEOUT_MS = 30_000;

export interface SummarizerConfig {
  /** Unset: the built-in engine only. Set (e.g. `http://127.0.0.1:11434`): Ollama first. */
  ollamaHost?: string | undefined;
  ollamaModel: string;
  /** One deadline for a whole summary, chunked requests included. */
  ollamaTimeoutMs: number;
  /** Longest piece of a note sent in one request (default 6000 characters). */
  ollamaChunkChars?: number | undefined;
}

/** Thrown when no engine can answer; the routes turn it into a 503 `{detail}`. */
export class SummarizerUnavailableError extends Error {
  constructor(message = 'Summaries are not available yet.') {
    super(message);
    this.name = 'SummarizerUnavailableError';
  }
}
