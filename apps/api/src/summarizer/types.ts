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

export interface SummarizerConfig {
  ollamaHost?: string | undefined;
  ollamaModel: string;
  ollamaTimeoutMs: number;
}

/** Thrown when no engine can answer; the routes turn it into a 503 `{detail}`. */
export class SummarizerUnavailableError extends Error {
  constructor(message = 'Summaries are not available yet.') {
    super(message);
    this.name = 'SummarizerUnavailableError';
  }
}
