/** What an import created and skipped, per kind of item. */
export interface ImportCounts {
  created: { notes: number; todos: number; events: number };
  skipped: { notes: number; todos: number; events: number };
  /** Why items were skipped, when the server says (a calendar's other components). */
  reasons: string[];
  /** Whether the skipped items were all copies of items already here. */
  skippedAreDuplicates: boolean;
}

const NOUNS = {
  notes: ['note', 'notes'],
  todos: ['task', 'tasks'],
  events: ['event', 'events'],
} as const;

function count(n: number, [one, many]: readonly [string, string]): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** "Imported 120 notes, 40 tasks, 12 events; skipped 3 duplicates." */
export function summarizeImport(counts: ImportCounts): string {
  const kinds = ['notes', 'todos', 'events'] as const;
  const made = kinds
    .filter((k) => counts.created[k] > 0)
    .map((k) => count(counts.created[k], NOUNS[k]));
  const skipped = kinds.reduce((sum, k) => sum + counts.skipped[k], 0);
  const first = made.length ? `Imported ${made.join(', ')}` : 'Nothing new to import';
  if (!skipped) return `${first}.`;
  const noun = counts.skippedAreDuplicates
    ? (['duplicate', 'duplicates'] as const)
    : (['item', 'items'] as const);
  return `${first}; skipped ${count(skipped, noun)}.`;
}
