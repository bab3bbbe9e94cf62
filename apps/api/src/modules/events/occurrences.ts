import { type EventItem, parseRRule } from '@prodify/contract';
import { occurrences, type Window } from './recurrence';

/**
 * Occurrences of events in a window of days (ADR 0412), as pure functions of the rows the
 * database answers (events.range.ts reads them).
 */

/** An event's row as the range query reads it, in the list's order (date, time, creation). */
export interface EventRow {
  id: number;
  title: string;
  date: string;
  time: string | null;
  end_time: string | null;
  rrule: string | null;
}

/** One changed or deleted occurrence of a series. */
export interface ExceptionRow {
  event_id: number;
  occurrence: string;
  deleted: boolean;
  title: string;
  date: string;
  time: string | null;
  end_time: string | null;
}

interface Placed {
  item: EventItem;
  /** The event's place in the creation order: the last tie-break. */
  rank: number;
}

/** The API object of an event, keys in the contract's order, unset optional keys left out. */
export function eventItem(
  row: EventRow,
  at?: { occurrence: string; exception?: ExceptionRow },
): EventItem {
  const values = at?.exception ?? row;
  const item: EventItem = {
    id: row.id,
    title: values.title,
    date: at ? (at.exception?.date ?? at.occurrence) : row.date,
    time: values.time,
  };
  if (values.end_time !== null) item.end_time = values.end_time;
  if (row.rrule !== null) item.rrule = row.rrule;
  if (at) {
    item.recurring = true;
    item.occurrence = at.occurrence;
  }
  return item;
}

const key = (eventId: number, date: string) => `${eventId} ${date}`;

/**
 * Every occurrence in `window`: plain events on their date, each series expanded, a changed
 * occurrence on its (possibly new) date with its own title and times, a deleted one left out.
 * Ordered by date, then untimed first, then by time, then in the events' creation order (`rows`
 * come in that order). Undefined, as soon as it is known, when there are more than `limit`.
 */
export function expand(rows: EventRow[], exceptions: ExceptionRow[], window: Window): EventItem[];
export function expand(
  rows: EventRow[],
  exceptions: ExceptionRow[],
  window: Window,
  limit: number,
): EventItem[] | undefined;
export function expand(
  rows: EventRow[],
  exceptions: ExceptionRow[],
  window: Window,
  limit = Number.POSITIVE_INFINITY,
): EventItem[] | undefined {
  const changed = new Map(exceptions.map((x) => [key(x.event_id, x.occurrence), x]));
  const placed: Placed[] = [];
  const ranks = new Map<number, { row: EventRow; rank: number }>();
  for (const [rank, row] of rows.entries()) {
    ranks.set(row.id, { row, rank });
    const parsed = row.rrule === null ? undefined : parseRRule(row.rrule);
    if (!parsed?.ok) {
      if (row.date >= window.from && row.date <= window.to)
        placed.push({ item: eventItem(row), rank });
      continue;
    }
    for (const occurrence of occurrences(parsed.rule, row.date, row.time, window) ?? []) {
      // A changed occurrence is placed below, on its own date (which may be outside the window).
      if (!changed.has(key(row.id, occurrence))) {
        placed.push({ item: eventItem(row, { occurrence }), rank });
      }
    }
    // A series adds at most a window's days (366) before this is checked again.
    if (placed.length > limit) return undefined;
  }
  for (const exception of exceptions) {
    const series = ranks.get(exception.event_id);
    if (!series || exception.deleted) continue;
    if (exception.date < window.from || exception.date > window.to) continue;
    const item = eventItem(series.row, { occurrence: exception.occurrence, exception });
    placed.push({ item, rank: series.rank });
  }
  if (placed.length > limit) return undefined;
  placed.sort(
    (a, b) =>
      compare(a.item.date, b.item.date) ||
      compareTimes(a.item.time, b.item.time) ||
      a.rank - b.rank ||
      compare(a.item.occurrence ?? '', b.item.occurrence ?? ''),
  );
  return placed.map((p) => p.item);
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Untimed first, then by time. */
function compareTimes(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  return compare(a, b);
}
