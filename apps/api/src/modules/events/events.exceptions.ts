import {
  type EventItem,
  type FieldErrors,
  type OccurrencePatchSchema,
  parseRRule,
} from '@prodify/contract';
import type { z } from 'zod';
import type { Executor } from '../../db/types';
import { NOT_FOUND } from '../../lib/drf';
import { checkEvent } from './events.write';
import { EVENT_ROW_COLUMNS, type ExceptionRow, eventItem, shiftDate, spanOf } from './occurrences';
import { occursOn } from './recurrence';

/**
 * "This event": one occurrence of a series changed or deleted, stored as a row of
 * `event_exceptions` keyed by the series and the occurrence's date in it (ADR 0412). The
 * occurrence must be one of the series' (a date off the rule, or one already deleted, is not
 * found), and another user's series is not found either.
 */

type Changes = z.output<typeof OccurrencePatchSchema>;

type NotFound = { status: 404; body: typeof NOT_FOUND };

/** The series and the occurrence as it is now (with its exception, if any), locked. */
async function findOccurrence(db: Executor, userId: number, id: number, date: string) {
  const series = await db
    .selectFrom('events')
    .select(EVENT_ROW_COLUMNS)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  const parsed = series?.rrule ? parseRRule(series.rrule) : undefined;
  if (!series || !parsed?.ok || !occursOn(parsed.rule, series.date, series.time, date)) {
    return undefined;
  }
  const exception = await db
    .selectFrom('event_exceptions')
    .select(['event_id', 'occurrence', 'deleted', 'title', 'date', 'time', 'end_time'])
    .where('event_id', '=', id)
    .where('occurrence', '=', date)
    .executeTakeFirst();
  if (exception?.deleted) return undefined;
  const current: ExceptionRow = exception ?? {
    event_id: id,
    occurrence: date,
    deleted: false,
    title: series.title,
    date,
    time: series.time,
    end_time: series.end_time,
  };
  return { series, current };
}

async function store(db: Executor, userId: number, row: ExceptionRow) {
  await db
    .insertInto('event_exceptions')
    .values({ ...row, user_id: userId })
    .onConflict((oc) =>
      oc.columns(['event_id', 'occurrence']).doUpdateSet({
        deleted: row.deleted,
        title: row.title,
        date: row.date,
        time: row.time,
        end_time: row.end_time,
      }),
    )
    .execute();
}

export function patchOccurrence(
  db: Executor,
  userId: number,
  id: number,
  date: string,
  changes: Changes,
): Promise<{ status: 200; body: EventItem } | { status: 400; body: FieldErrors } | NotFound> {
  return db.transaction().execute(async (trx) => {
    const found = await findOccurrence(trx, userId, id, date);
    if (!found) return { status: 404 as const, body: NOT_FOUND };
    const set = Object.fromEntries(
      Object.entries(changes).filter(([, value]) => value !== undefined),
    ) as Changes;
    const next: ExceptionRow = { ...found.current, ...set };
    // A multi-day occurrence moves whole: its end date is the series' span after its date.
    const endDate = found.series.end_date ? shiftDate(next.date, spanOf(found.series)) : null;
    const checked = checkEvent({ ...next, rrule: null, end_date: endDate });
    if (checked.errors) return { status: 400 as const, body: checked.errors };
    if (Object.keys(set).length > 0) await store(trx, userId, next);
    return {
      status: 200 as const,
      body: eventItem(found.series, { occurrence: date, exception: next }),
    };
  });
}

export function removeOccurrence(
  db: Executor,
  userId: number,
  id: number,
  date: string,
): Promise<{ status: 204; body: undefined } | NotFound> {
  return db.transaction().execute(async (trx) => {
    const found = await findOccurrence(trx, userId, id, date);
    if (!found) return { status: 404 as const, body: NOT_FOUND };
    await store(trx, userId, { ...found.current, deleted: true });
    return { status: 204 as const, body: undefined };
  });
}
