import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { detail } from '../../lib/drf';
import { type Summarizer, SummarizerUnavailableError, type SummaryResult } from '../../summarizer';

export type SummaryOutcome =
  | { status: 200; body: SummaryResult }
  | { status: 503; body: { detail: string } };

/**
 * Runs the summarizer for one request. The work is aborted when the client goes away (a long
 * Ollama call must not outlive its caller) or when the server shuts down.
 */
export async function runSummary(
  summarizer: Summarizer,
  text: string,
  request: { log: FastifyBaseLogger },
  reply: object,
  shutdown: AbortSignal,
): Promise<SummaryOutcome> {
  // @ts-rest/fastify types its reply with Fastify 4's generic order, so `raw` is mistyped there.
  const response = (reply as { raw: ServerResponse }).raw;
  const controller = new AbortController();
  const onClose = () => {
    if (!response.writableFinished) controller.abort(new Error('client disconnected'));
  };
  // The response closes before it finished only when the connection went away.
  response.once('close', onClose);
  const signal = AbortSignal.any([controller.signal, shutdown]);
  try {
    const result = await summarizer.summarize(text, { signal });
    return { status: 200, body: { summary: result.summary, engine: result.engine } };
  } catch (error) {
    if (error instanceof SummarizerUnavailableError) {
      return { status: 503, body: detail(error.message) };
    }
    if (signal.aborted) {
      request.log.info('summary aborted: the client went away or the server is stopping');
      return { status: 503, body: detail('The summary was cancelled.') };
    }
    throw error;
  } finally {
    response.off('close', onClose);
  }
}
