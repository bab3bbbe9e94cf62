import { contract, DRF } from '@prodify/contract';
import { initServer } from '@ts-rest/fastify';
import type { FastifyInstance } from 'fastify';
import type { Summarizer } from '../../summarizer';
import { runSummary } from './run-summary';

const s = initServer();

const NO_CONTENT = 'No content provided';

export function summarizeRoutes(app: FastifyInstance, summarizer: Summarizer) {
  return s.router(contract.summarize, {
    summarize: async ({ body, request, reply }) => {
      // The original's `{"error": ...}`, with DRF's field error next to it for new clients.
      if (body.content === undefined) {
        return { status: 400, body: { error: NO_CONTENT, content: [DRF.required] } };
      }
      if (body.content.trim() === '') {
        return { status: 400, body: { error: NO_CONTENT, content: [DRF.blank] } };
      }
      return runSummary(summarizer, body.content, request, reply, app.shutdownSignal);
    },
  });
}
