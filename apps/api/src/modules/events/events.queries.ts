import type { CalendarEvent } from '@prodify/contract';
import { sql } from 'kysely';
import { type JsonListSpec, jsonList, type OrderTerm } from '../../db/json-lists';
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

/** The event as JSON (db/json-lists.ts): the same keys, order and text as EVENT_COLUMNS. */
export const EVENT_JSON: JsonListSpec = {
  table: 'events',
  fields: [
    { key: 'id', column: 'id', kind: 'int' },
    { key: 'title', column: 'title', kind: 'text' },
    { key: 'date', column: 'date', kind: 'date' },
    { key: 'time', column: 'time', kind: 'time', nullable: true },
  ],
};

/** By date, then untimed events first, then by time, then in creation order. */
export const EVENT_ORDER: OrderTerm[] = [
  { column: 'date', direction: 'asc' },
  { column: 'time', direction: 'asc', nulls: 'first' },
  { column: 'created_at', direction: 'asc' },
  { column: 'id', direction: 'asc' },
];

/** The user's events (optionally one day or a range) as a JSON array text. */
export function listEventsJson(db: Executor, userId: number, filter: EventFilter = {}) {
  const conditions = [sql`true`];
  if (filter.date) conditions.push(sql`r.date = ${filter.date}::date`);
  if (filter.from) conditions.push(sql`r.date >= ${filter.from}::date`);
  if (filter.to) conditions.push(sql`r.date <= ${filter.to}::date`);
  return jsonList(db, EVENT_JSON, userId, EVENT_ORDER, sql.join(conditions, sql` and `));
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
