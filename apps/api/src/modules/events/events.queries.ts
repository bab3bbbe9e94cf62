import type { EventQuery } from '@prodify/contract';
import { sql } from 'kysely';
import type { ListSpec } from '../../db/lists/list-answer';
import { EVENT_ROW } from '../../db/tables';

/**
 * By date, then untimed events first, then by time, then in creation order; `?date=` one day
 * (empty means no filter, as the original) or an inclusive `?from=&to=` range, which hold the
 * events that reach into them.
 */
export const EVENT_LIST: ListSpec<EventQuery, typeof EVENT_ROW> = {
  row: EVENT_ROW,
  order: () => [
    { column: 'date', direction: 'asc' },
    { column: 'time', direction: 'asc', nulls: 'first' },
    { column: 'created_at', direction: 'asc' },
    { column: 'id', direction: 'asc' },
  ],
  where: ({ date, from, to }) => {
    const conditions = [sql`true`];
    // A multi-day event is in a day or range it reaches into (its last day is `end_date`).
    const last = sql`coalesce(r.end_date, r.date)`;
    if (date) conditions.push(sql`r.date <= ${date}::date and ${last} >= ${date}::date`);
    if (from) conditions.push(sql`${last} >= ${from}::date`);
    if (to) conditions.push(sql`r.date <= ${to}::date`);
    return sql.join(conditions, sql` and `);
  },
};
