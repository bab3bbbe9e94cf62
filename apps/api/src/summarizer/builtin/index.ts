import type { Summarizer, SummaryResult } from '../types';
import { summarizeText } from './summarize';

export { summarizeText } from './summarize';

/** The built-in engine as a Summarizer: always ready, no I/O. */
export function createBuiltinSummarizer(): Summarizer {
  return {
    async summarize(text): Promise<SummaryResult> {
      return { summary: summarizeText(text), engine: 'builtin' };
    },
    async status() {
      return { engine: 'builtin', ready: true, detail: 'built-in extractive summarizer (offline)' };
    },
  };
}
