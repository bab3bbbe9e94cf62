import {
  daysBetween,
  END_TIME_MESSAGES,
  type EventBodySchema,
  type EventPatchSchema,
  endDateError,
  endsAfterStart,
  type FieldErrors,
  parseRRule,
} from '@prodify/contract';
import type { z } from 'zod';
import { findOwned } from '../../db/owned';
import { parseRow, type RowOf } from '../../db/rows';
import { EVENT_ROW } from '../../db/tables';
import type { Executor } from '../../db/types';
import { FieldErrorBag } from '../../lib/drf';
import { fromDay, seriesEnd, toDay } from './recurrence';

export type EventChanges = z.output<typeof EventPatchSchema>;
type NewEvent = z.output<typeof EventBodySchema>;

/** What an event is after a create or a change: the checks that need several fields. */
interface EventState {
  date: string;
  time: string | null;
  end_time: string | null;
  rrule: string | null;
  end_date: string | null;
}

export const MESSAGES = {
  endWithoutTime: END_TIME_MESSAGES.withoutTime,
  endNotAfter: END_TIME_MESSAGES.notAfter,
  untilBeforeDate: "UNTIL must not be before the event's date.",
  tooFar: 'COUNT is too large for this rule: its occurrences would pass the year 9999.',
} as const;

/**
 * The checks across fields, on the event as it would be stored; with them, the day after which
 * the series has no occurrence (`series_end`).
 */
export function checkEvent(
  state: EventState,
): { errors: FieldErrors } | { errors?: undefined; seriesEnd: string | null } {
  const bag = new FieldErrorBag();
  if (state.end_time !== null) {
    if (state.time === null) bag.add('end_time', MESSAGES.endWithoutTime);
    else if (!endsAfterStart(state.time, state.end_time)) bag.add('end_time', MESSAGES.endNotAfter);
  }
  const endDate =
    state.end_date === null ? undefined : endDateError(state.date, state.time, state.end_date);
  if (endDate) bag.add('end_date', endDate);
  let end: string | null | undefined = null;
  if (state.rrule !== null) {
    const parsed = parseRRule(state.rrule);
    if (!parsed.ok) {
      bag.add('rrule', parsed.message);
    } else if (parsed.rule.until && parsed.rule.until.date < state.date) {
      bag.add('rrule', MESSAGES.untilBeforeDate);
    } else {
      end = seriesEnd(parsed.rule, state.date, state.time);
      if (end === undefined) bag.add('rrule', MESSAGES.tooFar);
    }
  }
  const errors = bag.build();
  if (errors) return { errors };
  // A series of multi-day events reaches the last day its last occurrence covers (ADR 0413).
  const span = state.end_date === null ? 0 : daysBetween(state.date, state.end_date);
  return { seriesEnd: end ? fromDay(Math.min(toDay(end) + span, toDay('9999-12-31'))) : null };
}

type Written<S extends number> =
  | { status: S; body: RowOf<typeof EVENT_ROW> }
  | { status: 400; body: FieldErrors };

export async function createEvent(
  db: Executor,
  userId: number,
  body: NewEvent,
): Promise<Written<201>> {
  const values = {
    title: body.title,
    date: body.date,
    time: body.time ?? null,
    end_time: body.end_time ?? null,
    rrule: body.rrule ?? null,
    end_date: body.end_date ?? null,
    description: body.description ?? null,
    location: body.location ?? null,
  };
  const checked = checkEvent(values);
  if (checked.errors) return { status: 400 as const, body: checked.errors };
  const row = await db
    .insertInto('events')
    .values({ ...values, user_id: userId, series_end: checked.seriesEnd })
    .returning(EVENT_ROW.json)
    .executeTakeFirstOrThrow();
  return { status: 201 as const, body: parseRow(EVENT_ROW, row) };
}

/**
 * Sets the given fields of one of the user's events (a field left out keeps its value, as DRF's
 * partial update does); undefined when the user has no such event. On a series this changes
 * every occurrence ("All events"): a changed title or time reaches the changed occurrences too,
 * and a changed date or rule drops them (they would no longer be occurrences of it).
 */
export async function updateEvent(
  db: Executor,
  userId: number,
  id: number,
  changes: EventChanges,
): Promise<Written<200> | undefined> {
  const set = Object.fromEntries(
    Object.entries(changes).filter(([, value]) => value !== undefined),
  ) as EventChanges;
  if (Object.keys(set).length === 0) {
    const event = await findOwned(db, EVENT_ROW, userId, id);
    return event && { status: 200 as const, body: event };
  }
  return db.transaction().execute(async (trx) => {
    const stored = await trx
      .selectFrom('events')
      .select(['date', 'time', 'end_time', 'rrule', 'end_date'])
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!stored) return undefined;
    const state = { ...stored, ...set } as EventState;
    const checked = checkEvent(state);
    if (checked.errors) return { status: 400 as const, body: checked.errors };
    const row = await trx
      .updateTable('events')
      .set({ ...set, series_end: checked.seriesEnd })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .returning(EVENT_ROW.json)
      .executeTakeFirstOrThrow();
    if (stored.rrule !== null) {
      const exceptions = trx.updateTable('event_exceptions').where('event_id', '=', id);
      if (state.rrule !== stored.rrule || state.date !== stored.date) {
        await trx.deleteFrom('event_exceptions').where('event_id', '=', id).execute();
      } else if (set.title !== undefined || 'time' in set || 'end_time' in set) {
        const { title, time, end_time } = set;
        await exceptions
          .set({
            ...(title !== undefined && { title }),
            ...(time !== undefined && { time }),
            ...(end_time !== undefined && { end_time }),
          })
          .execute();
      }
    }
    return { status: 200 as const, body: parseRow(EVENT_ROW, row) };
  });
}
