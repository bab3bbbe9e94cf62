/**
 * `pnpm bench:scale`: pages of a very long list.
 *
 * For each back end it starts the built API on a fresh database, registers one user, stops the
 * API, seeds straight into the database 100,000 notes and 100,000 to-dos for that user and 1,000
 * other users with 20 notes and 20 to-dos each (the per-user counts are kept by the same
 * triggers as in normal use), and starts the API again. Then, for page 1, a middle page and the
 * last page of `GET /api/notes/?page=N` and `GET /api/todos/?page=N` (10 a page), it sends
 * sequential requests and prints the server time of each (Fastify's `responseTime` in the
 * server's log, matched by X-Request-Id) and the client's round trip.
 *
 *   tsx bench/scale.ts [--backend=postgres|pglite|both] [--notes=100000] [--requests=200] [--short]
 *                      [--cache]  (the list cache on: then it measures cache hits, not the query)
 *
 * The goal (issue 5): <= 5 ms of server time for each page on Postgres.
 *
 * Search (issue 10, ADR 0410): the user's notes each carry two words of a 40-word vocabulary
 * (every tenth note one in its title too), so a two-word search matches about 125 of them. It
 * times `?search=` as a whole list and as page 1, prints the EXPLAIN ANALYZE of both statements
 * and whether they use the trigram index. Goal: <= 20 ms server time (median) on Postgres.
 */
import path from 'node:path';
import { sql } from 'kysely';
import { openPGlite, openPostgres } from '../src/db/connect';
import { startApi } from './lib/api-process';
import { type Backend, backendsFrom, parseArgs } from './lib/args';
import { freshBackend } from './lib/backend';
import { ApiClient } from './lib/client';
import { explainNoteSearch, explainPages } from './lib/explain';
import { machineLoad, ms, percentile, table } from './lib/stats';
import { PLANNER_URLS, seedPlanner } from './planner';

const args = parseArgs();
const short = args.has('short');
const backends = backendsFrom(args.string('backend', 'both'));
const rowsPerList = args.number('notes', short ? 20_000 : 100_000);
const requests = args.number('requests', short ? 50 : 200);
const cached = args.has('cache');
const otherUsers = 1_000;
const perOtherUser = 20;
const PAGE_SIZE = 10;
const GOAL_MS = 5;
const SEARCH_GOAL_MS = 20;
const WORDS = `apricot banjo cobalt dahlia ember fjord glacier harbor iris juniper kestrel lagoon
  meadow nectar orchid pebble quartz raven saffron tundra umber violet willow xenon yarrow zephyr
  almond birch cedar delta falcon garnet hazel indigo jasper kelp lotus maple nutmeg olive`
  .split(/\s+/)
  .filter(Boolean);
/** Two words of the vocabulary, of notes g % 40 = 18 with (g / 40) % 40 = 7, and the converse. */
const SEARCH = 'Saffron HARBOR';

async function seed(
  kind: Backend,
  databaseUrl: string | undefined,
  dataDir: string,
  userId: number,
  plannerId: number,
) {
  const handle =
    kind === 'postgres'
      ? openPostgres(databaseUrl as string, { statementTimeoutMs: 600_000 })
      : await openPGlite({ dataDir: path.join(dataDir, 'pglite') });
  const { db } = handle;
  try {
    await sql`
      insert into users (username, password_hash)
      select 'other' || g, '!' from generate_series(1, ${otherUsers}) g`.execute(db);
    await sql`
      insert into notes (user_id, title, content, created_at, updated_at)
      select u.id, 'Other note ' || g, 'A note of somebody else: groceries, errands and plans.',
             timestamptz '2026-01-01 00:00Z' + g * interval '1 minute', now()
      from users u cross join generate_series(1, ${perOtherUser}) g
      where u.id <> ${userId}`.execute(db);
    await sql`
      insert into todos (user_id, task, due_date, priority, completed, created_at)
      select u.id, 'Other task ' || g, date '2026-01-01' + g, 'M', false,
             timestamptz '2026-01-01 00:00Z' + g * interval '1 minute'
      from users u cross join generate_series(1, ${perOtherUser}) g
      where u.id <> ${userId}`.execute(db);
    await sql`
      insert into notes (user_id, title, content, created_at, updated_at)
      select ${userId},
             'Note ' || g || ': planning' || case when g % 10 = 0 then ' ' || w[1 + g % 40] else '' end,
             'Meeting notes ' || g || '. We went through the quarterly plan, agreed on the next '
               || 'three milestones and moved the release review to Thursday. Topics: '
               || w[1 + g % 40] || ', ' || w[1 + (g / 40) % 40] || '.',
             timestamptz '2024-01-01 00:00Z' + g * interval '1 minute', now()
      from generate_series(1, ${rowsPerList}) g, (select ${WORDS}::text[] as w) words`.execute(db);
    await sql`
      insert into todos (user_id, task, due_date, priority, completed, created_at)
      select ${userId}, 'Task ' || g || ': follow up on the release checklist',
             case when g % 4 = 0 then null else date '2026-01-01' + (g % 730) end,
             (array['L', 'M', 'H'])[1 + g % 3], g % 5 = 0,
             timestamptz '2024-01-01 00:00Z' + g * interval '1 minute'
      from generate_series(1, ${rowsPerList}) g`.execute(db);
    await seedPlanner(db, plannerId);
    // As autovacuum leaves a table soon after a bulk insert: statistics, and the visibility map
    // that lets an index-only scan skip the heap.
    await sql`vacuum analyze`.execute(db);
  } finally {
    await handle.close();
  }
}

interface PlannerRow {
  backend: Backend;
  label: string;
  url: string;
  ids: string[];
  server: number[];
  client: number[];
  items: number;
}
const planned: PlannerRow[] = [];

interface Row {
  backend: Backend;
  list: string;
  url: string;
  page: number;
  /** The X-Request-Id of each timed request, to find its server time in the log. */
  ids: string[];
  server: number[];
  client: number[];
  count: number;
  results: number;
}

async function bench(kind: Backend): Promise<Row[]> {
  const backend = await freshBackend(kind, 'scale');
  const rows: Row[] = [];
  try {
    const options = {
      databaseUrl: backend.databaseUrl,
      dataDir: backend.dataDir,
      logFile: path.join(backend.workDir, 'api.log'),
      jwtSecret: 'scale-bench-secret-0123456789-abcdefghijklmnopqrstu',
      // Every request repeats the same page: with the list cache on, all but the first would be
      // cache hits. Off, each one runs the page query (as after every change of the list).
      env: { LIST_CACHE_MB: cached ? '32' : '0' },
    };
    let api = await startApi(options);
    const client = new ApiClient(api.url);
    const { id } = await client.signUp('scale', 'Scale!Bench-2026');
    const planner = new ApiClient(api.url);
    const { id: plannerId } = await planner.signUp('planner', 'Planner!Bench-2026');
    await api.stop('SIGTERM');
    const seedStart = performance.now();
    await seed(kind, backend.databaseUrl, backend.dataDir, id, plannerId);
    const seedMs = performance.now() - seedStart;
    api = await startApi(options);
    const reader = new ApiClient(api.url, client.token);
    const plannerReader = new ApiClient(api.url, planner.token);
    try {
      const lastPage = Math.ceil(rowsPerList / PAGE_SIZE);
      const pages = [1, Math.ceil(lastPage / 2), lastPage];
      let n = 0;
      const search = `search=${encodeURIComponent(SEARCH)}`;
      const urls = [
        ...['notes', 'todos'].flatMap((list) =>
          pages.map((page) => ({ list, page, url: `/api/${list}/?page=${page}` })),
        ),
        { list: 'search', page: 0, url: `/api/notes/?${search}` },
        { list: 'search', page: 1, url: `/api/notes/?${search}&page=1` },
      ];
      for (const { list, page, url } of urls) {
        const client: number[] = [];
        const ids: string[] = [];
        type Body = { count: number; results: unknown[] } | unknown[];
        let body: Body = { count: 0, results: [] };
        for (let i = 0; i < requests + 20; i++) {
          const requestId = `scale-${++n}`;
          const start = performance.now();
          const res = await reader.request<Body>('GET', url, undefined, {
            headers: { 'x-request-id': requestId },
          });
          const elapsed = performance.now() - start;
          if (res.status !== 200) throw new Error(`GET ${url}: ${res.status}`);
          body = res.body;
          // The first 20 warm the caches and the JIT up.
          if (i >= 20) {
            client.push(elapsed);
            ids.push(requestId);
          }
        }
        rows.push({
          backend: kind,
          list,
          url,
          page,
          ids,
          server: [],
          client,
          count: Array.isArray(body) ? body.length : body.count,
          results: Array.isArray(body) ? body.length : body.results.length,
        });
      }
      // The planner (issue 11): plain arrays, so `count` is the number of items answered.
      for (const { label, url } of PLANNER_URLS) {
        const client: number[] = [];
        const ids: string[] = [];
        let items = 0;
        for (let i = 0; i < requests + 20; i++) {
          const requestId = `scale-${++n}`;
          const start = performance.now();
          const res = await plannerReader.request<unknown[]>('GET', url, undefined, {
            headers: { 'x-request-id': requestId },
          });
          const elapsed = performance.now() - start;
          if (res.status !== 200) throw new Error(`GET ${url}: ${res.status}`);
          items = res.body.length;
          if (i >= 20) {
            client.push(elapsed);
            ids.push(requestId);
          }
        }
        planned.push({ backend: kind, label, url, ids, server: [], client, items });
      }
    } finally {
      await api.stop('SIGTERM');
    }
    const handle =
      kind === 'postgres'
        ? openPostgres(backend.databaseUrl as string)
        : await openPGlite({ dataDir: path.join(backend.dataDir, 'pglite') });
    try {
      const plans = await explainNoteSearch(handle.db, id, SEARCH);
      for (const [name, plan] of Object.entries(plans)) {
        const used = plan.includes('notes_search_text_idx');
        console.log(
          `\n  ${kind}: EXPLAIN ANALYZE of ?search=${SEARCH} (${name}); index used: ${used ? 'yes' : 'NO'}\n${plan}`,
        );
        if (!used) process.exitCode = 1;
      }
      // The middle page, the slowest: its ids should come from the index alone.
      const middle = Math.floor(rowsPerList / PAGE_SIZE / 2) * PAGE_SIZE;
      for (const [name, plan] of Object.entries(await explainPages(handle.db, id, middle))) {
        const indexOnly = /Index Only Scan/.test(plan) && !/Heap Fetches: [1-9]/.test(plan);
        console.log(
          `\n  ${kind}: EXPLAIN ANALYZE of ${name} offset ${middle}; index-only, no heap fetches: ${indexOnly ? 'yes' : 'NO'}\n${plan}`,
        );
      }
    } finally {
      await handle.close();
      // PGlite may still touch its files just after close() resolves: removing the directory
      // at once failed the run with an ENOENT from its file system.
      if (kind === 'pglite') await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
    // Server times from the log: `request completed` lines carry responseTime (ms).
    const times = new Map<string, number>();
    for (const line of api.log()) {
      if (line.msg === 'request completed') {
        times.set(String(line.reqId), Number(line.responseTime));
      }
    }
    for (const row of [...rows, ...planned.filter((p) => p.backend === kind)]) {
      row.server = row.ids.map((rid) => times.get(rid)).filter((t) => t !== undefined);
    }
    console.log(
      `  ${kind}: seeded ${rowsPerList.toLocaleString('en-US')} notes and ${rowsPerList.toLocaleString('en-US')} to-dos for one user, ` +
        `${otherUsers} other users with ${perOtherUser} of each, in ${ms(seedMs)}`,
    );
  } finally {
    await backend.cleanup();
  }
  return rows;
}

console.log(
  `bench:scale: ${requests} sequential requests per page (after 20 warm-up), ${PAGE_SIZE} a page, list cache ${cached ? 'on' : 'off'}; ${await machineLoad()}; node ${process.version}`,
);
const all: Row[] = [];
for (const kind of backends) all.push(...(await bench(kind)));
console.log(
  `\n${table(
    ['back end / page', 'count', 'results', 'server p50', 'server p99', 'round trip p50', 'p99'],
    all.map((r) => [
      `${r.backend} GET ${r.url}`,
      String(r.count),
      String(r.results),
      ms(percentile(r.server, 50)),
      ms(percentile(r.server, 99)),
      ms(percentile(r.client, 50)),
      ms(percentile(r.client, 99)),
    ]),
  )}`,
);
const pages = all.filter((r) => r.list !== 'search');
const searches = all.filter((r) => r.list === 'search');
const wrong = [
  ...pages.filter((r) => r.count !== rowsPerList || r.results !== PAGE_SIZE),
  // Every note has one of 1,600 ordered pairs of words; the search matches two pairs.
  ...searches.filter((r) => Math.abs(r.count - (2 * rowsPerList) / 1_600) > 2 || r.results === 0),
];
const pg = pages.filter((r) => r.backend === 'postgres');
const worst = Math.max(...pg.map((r) => percentile(r.server, 50)));
const parts = backends.map((b) => {
  const rs = all.filter((r) => r.backend === b);
  const name = (r: Row) =>
    r.list === 'search' ? `search ${r.page ? 'page 1' : 'list'}` : `${r.list} p${r.page}`;
  return `${b} server p50 ${rs.map((r) => `${name(r)} ${ms(percentile(r.server, 50))}`).join(', ')}`;
});
console.log(`\nbench:scale summary: ${parts.join('; ')}`);
if (pg.length) {
  console.log(
    `Goal on Postgres, <= ${GOAL_MS} ms server time per page (median): highest ${ms(worst)} (${worst <= GOAL_MS ? 'met' : 'NOT MET'})`,
  );
}
const pgSearch = searches.filter((r) => r.backend === 'postgres');
if (pgSearch.length) {
  const worstSearch = Math.max(...pgSearch.map((r) => percentile(r.server, 50)));
  console.log(
    `Goal on Postgres, two-word ?search= over ${rowsPerList.toLocaleString('en-US')} notes <= ${SEARCH_GOAL_MS} ms server time (median): highest ${ms(worstSearch)} (${worstSearch <= SEARCH_GOAL_MS ? 'met' : 'NOT MET'})`,
  );
}
console.log(
  `\n${table(
    [
      'planner (10,000 events, 100 weekly series, 10,000 to-dos)',
      'items',
      'server p50',
      'server p99',
      'round trip p50',
      'p99',
    ],
    planned.map((r) => [
      `${r.backend} ${r.label}: GET ${r.url}`,
      String(r.items),
      ms(percentile(r.server, 50)),
      ms(percentile(r.server, 99)),
      ms(percentile(r.client, 50)),
      ms(percentile(r.client, 99)),
    ]),
  )}`,
);
for (const { label, goal } of PLANNER_URLS) {
  const row = planned.find((r) => r.backend === 'postgres' && r.label === label);
  if (row) {
    const p50 = percentile(row.server, 50);
    console.log(
      `Goal on Postgres, ${label} <= ${goal} ms server time (median): ${ms(p50)} (${p50 <= goal ? 'met' : 'NOT MET'})`,
    );
  }
}
if (wrong.length) {
  console.error(`bench:scale: ${wrong.length} pages had a wrong count or length`);
  process.exitCode = 1;
}
