/**
 * `pnpm bench:dav`: CalDAV at scale (issue 20, ADR 0441).
 *
 * On a fresh Postgres database it builds the app in this process, registers one user with an
 * app password, seeds 10,000 events (one in ten a weekly series) and 10,000 to-dos straight into
 * the database (the triggers number them as in normal use), and then times, with `inject` (the
 * server's own time, no network):
 * - an incremental sync-collection on the to-dos after one change made through the REST API
 *   (goal: <= 20 ms, median);
 * - a calendar-query of one month of events, with calendar-data (goal: <= 50 ms, median).
 *
 *   tsx bench/dav.ts [--items=10000] [--requests=50]
 */
import { sql } from 'kysely';
import { buildApp } from '../src/app';
import { openPostgres } from '../src/db/connect';
import { migrateToLatest } from '../src/db/migrate';
import { loadConfig } from '../src/env';
import { parseArgs } from './lib/args';
import { createDatabase } from './lib/postgres';
import { machineLoad, ms, percentile, table } from './lib/stats';

const args = parseArgs();
const items = args.number('items', 10_000);
const requests = args.number('requests', 50);
const SYNC_GOAL_MS = 20;
const QUERY_GOAL_MS = 50;

const database = await createDatabase();
const handle = openPostgres(database.url);
try {
  await migrateToLatest(handle.db);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '1000000',
  });
  const app = await buildApp({ config, db: handle, logger: false });
  await app.ready();
  const json = async (method: 'GET' | 'POST' | 'PATCH', url: string, body: object, auth = '') => {
    const res = await app.inject({
      method,
      url,
      payload: body,
      headers: auth ? { authorization: auth } : {},
    });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const password = 'Bench!Passw0rd';
  const user = await json('POST', '/api/user/register/', { username: 'bench', password });
  const { access } = await json('POST', '/api/token/', { username: 'bench', password });
  const bearer = `Bearer ${access}`;
  const made = await json('POST', '/api/app-passwords/', { name: 'bench' }, bearer);
  const basic = `Basic ${Buffer.from(`bench:${made.password}`).toString('base64')}`;

  const started = performance.now();
  await sql`
    insert into events (user_id, title, date, time, rrule, series_end)
    select ${user.id}, 'Event ' || g, date '2026-01-01' + (g % 730), time '09:00' + (g % 8) * interval '1 hour',
           case when g % 10 = 0 then 'FREQ=WEEKLY;COUNT=20' end,
           case when g % 10 = 0 then date '2026-01-01' + (g % 730) + 140 end
    from generate_series(1, ${items}) g
  `.execute(handle.db);
  await sql`
    insert into todos (user_id, task, due_date, priority)
    select ${user.id}, 'Task ' || g, case when g % 3 = 0 then null else date '2026-01-01' + (g % 365) end,
           (array['H','M','L'])[1 + g % 3]
    from generate_series(1, ${items}) g
  `.execute(handle.db);
  await sql`analyze`.execute(handle.db);
  console.log(`seeded ${items} events and ${items} to-dos in ${ms(performance.now() - started)}`);

  const report = (url: string, body: string, depth = '1') =>
    app.inject({
      method: 'REPORT' as 'GET',
      url,
      payload: body,
      headers: { authorization: basic, 'content-type': 'application/xml', depth },
    });
  const tokenOf = (body: string) => /<d:sync-token>([^<]+)<\/d:sync-token>/.exec(body)?.[1] ?? '';
  const syncBody = (token: string) =>
    `<d:sync-collection xmlns:d="DAV:"><d:sync-token>${token}</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>`;
  const tasks = '/dav/calendars/bench/tasks/';
  const full = await report(tasks, syncBody(''));
  console.log(
    `initial sync-collection of ${items} to-dos: ${full.statusCode}, ${(full.body.length / 1e6).toFixed(1)} MB`,
  );
  let token = tokenOf(full.body);
  const todoId = (
    await handle.db.selectFrom('todos').select('id').limit(1).executeTakeFirstOrThrow()
  ).id;

  const syncTimes: number[] = [];
  for (let i = 0; i < requests; i++) {
    await json('PATCH', `/api/todos/${todoId}/`, { completed: i % 2 === 0 }, bearer);
    const t = performance.now();
    const res = await report(tasks, syncBody(token));
    syncTimes.push(performance.now() - t);
    const changed = res.body.match(/<d:response>/g)?.length ?? 0;
    if (res.statusCode !== 207 || changed !== 1)
      throw new Error(`sync: ${res.statusCode}, ${changed} changes`);
    token = tokenOf(res.body);
  }

  const month = `<c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/><c:calendar-data/></d:prop>
    <c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VEVENT"><c:time-range start="20260601T000000Z" end="20260701T000000Z"/></c:comp-filter></c:comp-filter></c:filter></c:calendar-query>`;
  const queryTimes: number[] = [];
  let matched = 0;
  for (let i = 0; i < requests; i++) {
    const t = performance.now();
    const res = await report('/dav/calendars/bench/events/', month);
    queryTimes.push(performance.now() - t);
    matched = res.body.match(/<d:response>/g)?.length ?? 0;
  }
  const row = (what: string, times: number[], goal: number) => [
    what,
    ms(percentile(times, 50)),
    ms(percentile(times, 95)),
    `${goal} ms`,
    percentile(times, 50) <= goal ? 'met' : 'MISSED',
  ];
  console.log(`machine load: ${await machineLoad()}`);
  console.log(
    table(
      ['request', 'median', 'p95', 'goal (median)', ''],
      [
        row('sync-collection, one change', syncTimes, SYNC_GOAL_MS),
        row(`calendar-query, one month (${matched} events)`, queryTimes, QUERY_GOAL_MS),
      ],
    ),
  );
  await app.close();
} finally {
  await handle.close();
  await database.drop();
}
