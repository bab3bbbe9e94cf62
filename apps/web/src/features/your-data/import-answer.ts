import type { ImportCounts } from './import-summary';

type Kind = 'notes' | 'todos' | 'events';
const KINDS: readonly Kind[] = ['notes', 'todos', 'events'];

function record(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function number(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/**
 * The counts of an import's answer. The upload goes through XMLHttpRequest (for its progress),
 * so the typed client does not parse the answer: this reads it, missing counts being 0.
 */
export function readImportAnswer(path: string, body: unknown): ImportCounts {
  const answer = record(body);
  const created = record(answer.created);
  const skipped = record(answer.skipped);
  const reasons = Array.isArray(answer.reasons)
    ? answer.reasons.filter((r): r is string => typeof r === 'string')
    : [];
  const counts = (from: Record<string, unknown>) =>
    Object.fromEntries(KINDS.map((k) => [k, number(from[k])])) as Record<Kind, number>;
  return {
    created: counts(created),
    skipped: counts(skipped),
    reasons,
    skippedAreDuplicates: path === '/api/import/',
  };
}
