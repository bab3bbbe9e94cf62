import {
  EVENT_RANGE_MAX_OCCURRENCES,
  EVENT_SPAN_MAX_DAYS,
  type EventQuery,
  TOO_MANY_OCCURRENCES,
} from '@prodify/contract';
import { sql } from 'kysely';
import type { ListSource } from '../../db/lists/list-answer';
import { jsonText } from '../../lib/pagination';
import { EVENT_ROW_COLUMNS, type EventRow, type ExceptionRow, expand } from './occurrences';
import type { Window } from './recurrence';

/**
 * The occurrences of a user's events in a window of days, as one JSON array text (ADR 0413):
 * the plain events dated in it, the series that may reach it (`series_end`), and the changed
 * occurrences on or from its days, in two statements. Served from the list cache while the
 * user's events and exceptions are unchanged (their triggers raise the list version).
 */
export async function occurrencesText(
  source: ListSource,
  userId: number,
  window: Window,
): Promise<{ body: string; version: number | null; tooMany?: true }> {
  const db = source.db;
  const { from, to } = window;
  // The version is read first: an answer is never older than the version it is cached with.
  const version = await sql<{ version: number }>`
    select version from user_list_counts where user_id = ${userId}
  `.execute(db);
  const names = EVENT_ROW_COLUMNS.map((c) => sql.ref(c));
  const columns = sql.join([...names, sql.ref('created_at')]);
  // A multi-day event (or a moved occurrence of one) that starts this many days before the
  // window may reach into it; expand() keeps those that do.
  const reachFrom = sql`${from}::date - ${EVENT_SPAN_MAX_DAYS - 1}::integer`;
  const reaches = sql`rrule is not null and date <= ${to}::date
    and (series_end is null or series_end >= ${from}::date)`;
  // Four index scans: plain events dated in the window, multi-day ones from before it reaching
  // into it (up to a year of the user's events before the window is read for them: a partial
  // index on multi-day events would narrow it), series that may reach it, and series with an
  // occurrence moved into it from outside their reach.
  const events = await sql<EventRow>`
    select ${sql.join(names)} from (
      select ${columns} from events
        where user_id = ${userId} and rrule is null and date between ${from}::date and ${to}::date
      union all
      select ${columns} from events
        where user_id = ${userId} and rrule is null and end_date is not null
          and date >= ${reachFrom} and date < ${from}::date and end_date >= ${from}::date
      union all
      select ${columns} from events where user_id = ${userId} and ${reaches}
      union all
      select ${columns} from events
        where user_id = ${userId} and rrule is not null and not (${reaches})
          and id in (
            select event_id from event_exceptions
            where user_id = ${userId} and date between ${reachFrom} and ${to}::date
          )
    ) r
    order by created_at, id
  `.execute(db);
  const series = events.rows.filter((row) => row.rrule !== null);
  const exceptions =
    series.length === 0
      ? []
      : (
          await sql<ExceptionRow>`
            select event_id, occurrence, deleted, title, date, time, end_time
            from event_exceptions
            where user_id = ${userId}
              and (occurrence between ${reachFrom} and ${to}::date
                or date between ${reachFrom} and ${to}::date)
          `.execute(db)
        ).rows;
  const version_ = version.rows[0]?.version ?? null;
  const expanded = expand(events.rows, exceptions, window, EVENT_RANGE_MAX_OCCURRENCES);
  // Refused, not cut short; the refusal is cached like an answer, so asking again costs little.
  if (expanded === undefined) return { body: '', version: version_, tooMany: true };
  return { body: JSON.stringify(expanded), version: version_ };
}

type Reply = { type(contentType: string): unknown };

/**
 * The occurrences as a list answer, through the list cache; a 400 naming `field` (the query's
 * `end`, or `date`) when the window holds more than EVENT_RANGE_MAX_OCCURRENCES.
 */
export async function occurrencesAnswer(
  source: ListSource,
  userId: number,
  reply: Reply,
  window: Window,
  field: 'end' | 'date',
) {
  const key = `events occurrences ${window.from} ${window.to}`;
  const { body, tooMany } = await source.listCache.list(source.db, userId, key, () =>
    occurrencesText(source, userId, window),
  );
  if (tooMany) return { status: 400 as const, body: { [field]: [TOO_MANY_OCCURRENCES] } };
  return { status: 200 as const, body: jsonText<never[]>(reply, body) };
}

/** The range's messages, which the contract's EventQuerySchema answers (here for the tests). */
export { EVENT_RANGE_MESSAGES as RANGE_MESSAGES } from '@prodify/contract';

/**
 * The window of days a list query asks occurrences for: `start`..`end` (both, inclusive), or
 * the day of `?date=`, narrowed by `from`/`to`; null when it is empty; undefined when the query
 * asks for the stored events as the original did (no `start`/`end`, no `date`). The query has
 * passed EventQuerySchema: `start` and `end` come together, in order and close enough.
 */
export function eventWindow(query: EventQuery): Window | null | undefined {
  const { date, from, to, start, end } = query;
  let window: Window;
  if (start !== undefined && end !== undefined) {
    window = { from: start, to: end };
    if (date) window = { from: max(window.from, date), to: min(window.to, date) };
  } else if (date) {
    window = { from: date, to: date };
  } else {
    return undefined;
  }
  if (from !== undefined) window.from = max(window.from, from);
  if (to !== undefined) window.to = min(window.to, to);
  return window.from <= window.to ? window : null;
}

const max = (a: string, b: string) => (a > b ? a : b);
const min = (a: string, b: string) => (a < b ? a : b);
