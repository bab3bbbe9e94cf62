import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { BadRequestSchema, DetailSchema, DRF, LIMITS } from './common';
import { signedIn } from './routes';

const c = initContract();

export const SummarySchema = z.object({
  summary: z.string(),
  /** Which engine answered: `builtin` or `ollama`. */
  engine: z.string(),
});
export type Summary = z.infer<typeof SummarySchema>;

export const SummarizeBodySchema = z.object({
  // Checked by the handler: the original answers `{"error": "No content provided"}` for a
  // missing or empty content, and we keep that text next to DRF's field error.
  content: z.string().max(LIMITS.noteContentMax, DRF.maxLength(LIMITS.noteContentMax)).optional(),
});

export const summarizeContract = c.router({
  summarize: {
    method: 'POST',
    path: '/api/summarize/',
    body: SummarizeBodySchema,
    ...signedIn({
      200: SummarySchema,
      400: z.union([BadRequestSchema, z.object({ error: z.string() }).passthrough()]),
      503: DetailSchema,
    }),
    summary: 'Summarize a text',
  },
});
