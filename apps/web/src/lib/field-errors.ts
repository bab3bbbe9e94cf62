import { FieldErrorsSchema } from '@prodify/contract';
import { ApiError } from './errors';

/**
 * The first message per field of a refused request (a 400 with DRF field errors), for a form
 * that shows each beside its field; undefined for any other failure.
 */
export function fieldErrorsOf(error: unknown): Record<string, string> | undefined {
  if (!(error instanceof ApiError) || error.status !== 400) return undefined;
  const parsed = FieldErrorsSchema.safeParse(error.body);
  if (!parsed.success) return undefined;
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries(parsed.data)) {
    if (messages[0]) out[field] = messages[0];
  }
  return Object.keys(out).length > 0 ? out : undefined;
}
