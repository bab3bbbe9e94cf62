import type { EventItem } from '@prodify/contract';

/** One occurrence of a series, named by the series' id and its date in the series. */
export interface OccurrenceTarget {
  id: number;
  occurrence: string;
}

/**
 * Occurrences deleted with Undo but not yet sent (occurrence-undo.ts), by `id/occurrence`.
 * Every events query leaves them out, so a reload meanwhile does not bring them back.
 */
export const pendingDeletes = new Map<string, OccurrenceTarget>();

export const occurrenceKey = (target: OccurrenceTarget) => `${target.id}/${target.occurrence}`;

/** `events` without the occurrences waiting to be deleted. */
export function withoutPendingDeletes(events: EventItem[]): EventItem[] {
  if (pendingDeletes.size === 0) return events;
  return events.filter(
    (e) =>
      !e.recurring ||
      !pendingDeletes.has(occurrenceKey({ id: e.id, occurrence: e.occurrence ?? e.date })),
  );
}
