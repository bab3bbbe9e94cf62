import type { FastifyBaseLogger } from 'fastify';
import { createBuiltinSummarizer, summarizeText } from './builtin';
import { OllamaEngine } from './ollama';
import type { Summarizer, SummarizerConfig, SummarizerStatus, SummaryResult } from './types';

export * from './types';

/** /readyz may be polled every few seconds; Ollama's model list is asked at most this often. */
const STATUS_TTL_MS = 10_000;

/**
 * Chooses the summary engine from the configuration, once, at start: the built-in engine unless
 * `ollamaHost` is set. With Ollama, every failure (unreachable, HTTP error, timeout, empty answer)
 * falls back to the built-in engine with a warning, so a user always gets a summary.
 */
export function createSummarizer(config: SummarizerConfig, log: FastifyBaseLogger): Summarizer {
  if (!config.ollamaHost) return createBuiltinSummarizer();

  const engine = new OllamaEngine({
    host: config.ollamaHost,
    model: config.ollamaModel,
    timeoutMs: config.ollamaTimeoutMs,
    ...(config.ollamaChunkChars ? { chunkChars: config.ollamaChunkChars } : {}),
  });
  let cached: { at: number; status: Promise<SummarizerStatus> } | undefined;

  return {
    async summarize(text, options): Promise<SummaryResult> {
      const signal = options?.signal;
      if (!text.trim() || signal?.aborted)
        return { summary: summarizeText(text), engine: 'builtin' };
      try {
        return { summary: await engine.summarize(text, signal), engine: 'ollama' };
      } catch (error) {
        if (signal?.aborted) {
          log.debug('summary request aborted by the caller; built-in summary instead');
        } else {
          log.warn(
            { err: error, ollamaHost: engine.host, model: engine.model },
            'Ollama summary failed; falling back to the built-in summarizer',
          );
        }
        return { summary: summarizeText(text), engine: 'builtin' };
      }
    },
    status() {
      const now = Date.now();
      if (!cached || now - cached.at > STATUS_TTL_MS) {
        cached = {
          at: now,
          status: engine.status().then(({ ready, detail }) => ({
            engine: 'ollama' as const,
            ready,
            detail: ready ? detail : `${detail}; summaries come from the built-in engine meanwhile`,
          })),
        };
      }
      return cached.status;
    },
  };
}
