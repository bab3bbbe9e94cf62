import type { FastifyBaseLogger } from 'fastify';
import { type Summarizer, type SummarizerConfig, SummarizerUnavailableError } from './types';

export * from './types';

/**
 * Chooses the summary engine from the configuration, once, at start.
 * The engines are not built yet (see the summaries issue): until then every call answers
 * SummarizerUnavailableError, which the routes turn into an honest 503.
 */
export function createSummarizer(_config: SummarizerConfig, _log: FastifyBaseLogger): Summarizer {
  return {
    async summarize() {
      throw new SummarizerUnavailableError();
    },
    async status() {
      return { engine: 'builtin', ready: false, detail: 'no summary engine is installed yet' };
    },
  };
}
