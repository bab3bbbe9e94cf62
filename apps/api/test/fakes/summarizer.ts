import type { Summarizer, SummaryResult } from '../../src/summarizer';
import { SummarizerUnavailableError } from '../../src/summarizer';

/**
 * A deterministic stand-in for the summary engines, for the route tests only. The engines
 * belong to the summaries module, which tests them itself (builtin for real, Ollama against a
 * fake Ollama server); here we test the wiring: validation, owner scoping, saving the summary,
 * 503 on SummarizerUnavailableError, abort on disconnect. A stand-in makes those outcomes
 * exact and lets a test hold a summary open.
 */
export interface FakeSummarizer extends Summarizer {
  calls: string[];
  /** Make the next calls fail as "unavailable". */
  unavailable: boolean;
  /** Make the next calls throw an unexpected error (a bug). */
  broken: boolean;
  /** Hold each call until its signal aborts or `release()` is called. */
  hold: boolean;
  release(): void;
  lastSignal: AbortSignal | undefined;
}

export function fakeSummary(text: string): string {
  return `Summary: ${text.trim().split(/\s+/).slice(0, 5).join(' ')}`;
}

export function createFakeSummarizer(): FakeSummarizer {
  let releases: Array<() => void> = [];
  const fake: FakeSummarizer = {
    calls: [],
    unavailable: false,
    broken: false,
    hold: false,
    lastSignal: undefined,
    release() {
      for (const release of releases) release();
      releases = [];
    },
    async summarize(text, options = {}): Promise<SummaryResult> {
      fake.calls.push(text);
      fake.lastSignal = options.signal;
      if (fake.unavailable) throw new SummarizerUnavailableError('The summary engine is down.');
      if (fake.broken) throw new Error('engine bug: secret internals');
      if (fake.hold) {
        await new Promise<void>((resolve, reject) => {
          releases.push(resolve);
          options.signal?.addEventListener('abort', () => reject(options.signal?.reason), {
            once: true,
          });
        });
      }
      return { summary: fakeSummary(text), engine: 'builtin' };
    },
    async status() {
      return { engine: 'builtin', ready: true, detail: 'test stand-in' };
    },
  };
  return fake;
}
