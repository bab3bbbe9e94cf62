import type { ImportSummary } from '@prodify/contract';

const NOUNS = {
  notes: ['note', 'notes'],
  todos: ['task', 'tasks'],
  events: ['event', 'events'],
} as const;

function count(n: number, [one, many]: readonly [string, string]): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * "Imported 120 notes, 40 tasks, 12 events; skipped 3 duplicates." Skipped notes, tasks and
 * events were imported before (or came from this account); other parts of a file (a VJOURNAL,
 * a picture in a zip) are counted apart, and the server's reasons are listed under the line.
 */
export function summarizeImport(summary: ImportSummary): string {
  const kinds = ['notes', 'todos', 'events'] as const;
  const made = kinds
    .filter((k) => summary.created[k] > 0)
    .map((k) => count(summary.created[k], NOUNS[k]));
  const duplicates = kinds.reduce((sum, k) => sum + summary.skipped[k], 0);
  const skipped = [
    duplicates ? count(duplicates, ['duplicate', 'duplicates']) : '',
    summary.skipped.other ? count(summary.skipped.other, ['other item', 'other items']) : '',
  ].filter(Boolean);
  const first = made.length ? `Imported ${made.join(', ')}` : 'Nothing new to import';
  return skipped.length ? `${first}; skipped ${skipped.join(' and ')}.` : `${first}.`;
}
