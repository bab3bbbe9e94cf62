import { daysBetween, type EventItem, parseRRule } from '@prodify/contract';
import type { Selectable } from 'kysely';
import type { TableOf } from '../../db/rows';
import { EVENT_ROW } from '../../db/tables';
import { fromDay, occurrences, toDay, type Window } from './recurrence';

/**
 * Occurrences of events in a window of days (ADR 0412), as pure functions of the rows the
 * database answers (events.range.ts reads them).
 */

type EventColumns = Selectable<TableOf<typeof EVENT_ROW>>;

/**
 * An event's row as the range query reads it (every column of EVENT_ROW), in the list's order
 * (date, time, creation). The columns that only pass through to the answer may be left out.
 */
export type EventRow = Pick<EventColumns, 'id' | 'title' | 'date' | 'time' | 'end_time' | 'rrule'> &
  Partial<EventColumns>;

/** The columns the range query reads: the row definition's, so a new field reaches it. */
export const EVENT_ROW_COLUMNS = EVENT_ROW.fields.map((f) => f.column) as (keyof EventColumns)[];

/** How many days after its first day an event's last day is (0 for a one-day event). */
export const spanOf = (row: Pick<EventRow, 'date' | 'end_date'>) =>
  row.end_date ? daysBetween(row.date, row.end_date) : 0;

/** A date `days` later (earlier when negative). */
export const shiftDate = (date: string, days: number) => fromDay(toDay(date) + days);

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

/**
 * The API object of an event, keys in the contract's order (EVENT_ROW's), unset optional keys
 * left out, as the database writes a stored event. An occurrence has its own date (a multi-day
 * one its own end date, the series' span later) and a changed one its own title and times.
 */
export function eventItem(
  row: EventRow,
  at?: { occurrence: string; exception?: ExceptionRow },
): EventItem {
  const x = at?.exception;
  const date = at ? (x?.date ?? at.occurrence) : row.date;
  const values: Record<string, unknown> = {
    ...row,
    ...(x && { title: x.title, time: x.time, end_time: x.end_time }),
    date,
    end_date: row.end_date ? shiftDate(date, spanOf(row)) : null,
  };
  const item: Record<string, unknown> = {};
  for (const field of EVENT_ROW.fields) {
    const value = values[field.column] ?? null;
    if (value === null && field.optional) continue;
    item[field.key] = value;
  }
  if (at) {
    item.recurring = true;
    item.occurrence = at.occurrence;
  }
  return item as EventItem;
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
  const overlaps = (date: string, span: number) =>
    date <= window.to && shiftDate(date, span) >= window.from;
  const changed = new Map(exceptions.map((x) => [key(x.event_id, x.occurrence), x]));
  const placed: Placed[] = [];
  const ranks = new Map<number, { row: EventRow; rank: number }>();
  for (const [rank, row] of rows.entries()) {
    ranks.set(row.id, { row, rank });
    const parsed = row.rrule === null ? undefined : parseRRule(row.rrule);
    const span = spanOf(row);
    if (!parsed?.ok) {
      if (overlaps(row.date, span)) placed.push({ item: eventItem(row), rank });
      continue;
    }
    // A multi-day occurrence that starts before the window and reaches into it is in it.
    const reach = { from: shiftDate(window.from, -span), to: window.to };
    for (const occurrence of occurrences(parsed.rule, row.date, row.time, reach) ?? []) {
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
    if (!overlaps(exception.date, spanOf(series.row))) continue;
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
