import { type ImportSummary, ImportSummarySchema } from '@prodify/contract';
import { ApiError } from '../../lib/errors';

/**
 * The summary in an import's 201 answer. The upload goes through XMLHttpRequest (for its
 * progress), not the typed client, so the body is checked against the contract here; an answer
 * of another shape is an error, not a summary of zeros.
 */
export function readImportAnswer(status: number, body: unknown): ImportSummary {
  if (status !== 201) throw new ApiError(status, body);
  const parsed = ImportSummarySchema.safeParse(body);
  if (!parsed.success)
    throw new ApiError(status, { detail: 'The server sent an unexpected answer.' });
  return parsed.data;
}
