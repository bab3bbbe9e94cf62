import type { CalendarEvent } from '@prodify/contract';
import type { Executor } from '../../db/types';

const EVENT_COLUMNS = ['id', 'title', 'date', 'time'] as const;

export interface EventFilter {
  /** One day. */
  date?: string | undefined;
  /** An inclusive range; either end may be open. */
  from?: string | undefined;
  to?: string | undefined;
}

function ownEvents(db: Executor, userId: number) {
  return db.selectFrom('events').where('user_id', '=', userId);
}

/** By date, then untimed events first, then by time, then in creation order. */
export function listEvents(
  db: Executor,
  userId: number,
  filter: EventFilter = {},
): Promise<CalendarEvent[]> {
  let query = ownEvents(db, userId).select(EVENT_COLUMNS);
  if (filter.date) query = query.where('date', '=', filter.date);
  if (filter.from) query = query.where('date', '>=', filter.from);
  if (filter.to) query = query.where('date', '<=', filter.to);
  return query
    .orderBy('date', 'asc')
    .orderBy('time', (o) => o.asc().nullsFirst())
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

export function findEvent(
  db: Executor,
  userId: number,
  id: number,
): Promise<CalendarEvent | undefined> {
  return ownEvents(db, userId).select(EVENT_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export function insertEvent(
  db: Executor,
  userId: number,
  event: { title: string; date: string; time?: string | null | undefined },
): Promise<CalendarEvent> {
  return db
    .insertInto('events')
    .values({ user_id: userId, title: event.title, date: event.date, time: event.time ?? null })
    .returning(EVENT_COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function deleteEvent(db: Executor, userId: number, id: number): Promise<boolean> {
  const row = await db
    .deleteFrom('events')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
