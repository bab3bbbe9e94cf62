import { sql } from 'kysely';
import type { Executor } from '../src/db/types';

/**
 * The planner's part of `bench:scale` (issue 11, ADR 0413): one user with 10,000 events, 100 of
 * them weekly series (some on several weekdays, some every other week, a few with changed or
 * deleted occurrences), and 10,000 to-dos, spread over 2026 and 2027. Timed: a month of events,
 * occurrences included (`?start=&end=`), one day with occurrences (`?date=`), and the month's
 * to-dos (`?due_after=&due_before=`).
 */
export const PLANNER_EVENTS = 10_000;
export const PLANNER_SERIES = 100;
export const PLANNER_TODOS = 10_000;

export const PLANNER_URLS = [
  {
    label: 'events of a month',
    url: '/api/calendar/events/?start=2026-11-01&end=2026-11-30',
    goal: 10,
  },
  { label: 'events of a day', url: '/api/calendar/events/?date=2026-11-18', goal: 10 },
  {
    label: 'to-dos of a month',
    url: '/api/todos/?due_after=2026-11-01&due_before=2026-11-30',
    goal: 5,
  },
] as const;

export async function seedPlanner(db: Executor, userId: number): Promise<void> {
  const plain = PLANNER_EVENTS - PLANNER_SERIES;
  // Plain events: ~13 a day over two years, a third of them untimed.
  await sql`
    insert into events (user_id, title, date, time, end_time, created_at)
    select ${userId}, 'Event ' || g, date '2026-01-01' + (g % 730),
           case when g % 3 = 0 then null else time '08:00' + (g % 40) * interval '15 minutes' end,
           case when g % 3 = 0 then null else time '08:30' + (g % 40) * interval '15 minutes' end,
           timestamptz '2025-12-01 00:00Z' + g * interval '1 minute'
    from generate_series(1, ${plain}) g`.execute(db);
  // Weekly series starting through 2026: plain weekly, three weekdays, every other week.
  await sql`
    insert into events (user_id, title, date, time, rrule, created_at)
    select ${userId}, 'Series ' || g, date '2026-01-05' + (g * 3),
           time '09:00' + (g % 16) * interval '30 minutes',
           case when g % 10 = 0 then 'FREQ=WEEKLY;BYDAY=MO,WE,FR'
                when g % 10 = 1 then 'FREQ=WEEKLY;INTERVAL=2'
                else 'FREQ=WEEKLY' end,
           timestamptz '2025-11-01 00:00Z' + g * interval '1 minute'
    from generate_series(1, ${PLANNER_SERIES}) g`.execute(db);
  // A few changed and deleted occurrences in the timed month (on the series' own weekday).
  await sql`
    insert into event_exceptions (event_id, user_id, occurrence, deleted, title, date, time)
    select e.id, e.user_id, d, (row_number() over ()) % 2 = 0, e.title || ' (moved)', d + 1, e.time
    from events e
    cross join lateral (
      select (e.date + 7 * ceil((date '2026-11-01' - e.date) / 7.0)::int) as d
    ) first_in_month
    where e.user_id = ${userId} and e.rrule = 'FREQ=WEEKLY' and e.id % 4 = 0
      and e.date < date '2026-11-01'`.execute(db);
  await sql`
    insert into todos (user_id, task, due_date, priority, completed, created_at)
    select ${userId}, 'Planner task ' || g,
           case when g % 5 = 0 then null else date '2026-01-01' + (g % 730) end,
           (array['L', 'M', 'H'])[1 + g % 3], g % 4 = 0,
           timestamptz '2025-12-01 00:00Z' + g * interval '1 minute'
    from generate_series(1, ${PLANNER_TODOS}) g`.execute(db);
}
