/**
 * Crash safety: 1,000 concurrent creates (notes, to-dos and events, mixed) against the built API,
 * `kill -9` of the server half-way through, a restart on the same database, and then:
 *  - every create that was answered 201 is there, by id and with exactly the content sent;
 *  - every row there is one of the creates, whole (no partial or foreign row);
 *  - the page counts (kept by triggers) equal the rows.
 * On a fresh Postgres database and on a PGlite data dir (several rounds on the same data dir, since
 * an embedded database that survives one crash must survive the next). On PGlite it also kills
 * the server and its child process during the very first start, while the data dir is being
 * created, and checks that the next start works.
 *
 *   tsx bench/crash.ts [--backend=postgres|pglite|both] [--creates=1000] [--rounds=3] [--short]
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { type ApiProcess, startApi } from './lib/api-process';
import { type Backend, backendsFrom, parseArgs } from './lib/args';
import { type BenchBackend, freshBackend } from './lib/backend';
import { ApiClient } from './lib/client';
import { machineLoad, sleep } from './lib/stats';

const args = parseArgs();
const short = args.has('short');
const backends = backendsFrom(args.string('backend', 'both'));
const creates = args.number('creates', 1000);
const rounds = args.number('rounds', short ? 1 : 3);
const PASSWORD = 'Crash!Test-2026';

type Kind = 'note' | 'todo' | 'event';

interface Create {
  kind: Kind;
  marker: string;
  path: string;
  body: Record<string, unknown>;
}

/** A long, checkable text: a partial write would not match it. */
function longText(marker: string, length: number): string {
  const unit = `${marker}:0123456789abcdefghijklmnopqrstuvwxyz;`;
  return unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
}

function makeCreates(round: string): Create[] {
  return Array.from({ length: creates }, (_, i) => {
    const marker = `${round}-${i}`;
    const kind: Kind = (['note', 'todo', 'event'] as const)[i % 3] as Kind;
    if (kind === 'note') {
      return {
        kind,
        marker,
        path: '/api/notes/',
        body: { title: `crash ${marker}`, content: longText(marker, 2_000 + (i % 7) * 500) },
      };
    }
    if (kind === 'todo') {
      return {
        kind,
        marker,
        path: '/api/todos/',
        body: {
          task: `crash ${marker} ${longText(marker, 180)}`,
          due_date: i % 2 ? '2026-12-24' : null,
          priority: (['L', 'M', 'H'] as const)[i % 3],
          completed: i % 5 === 0,
        },
      };
    }
    return {
      kind,
      marker,
      path: '/api/calendar/events/',
      body: {
        title: `crash ${marker} ${longText(marker, 150)}`,
        date: '2026-12-24',
        time: i % 2 ? '09:30:00' : null,
      },
    };
  });
}

function matches(row: Record<string, unknown>, c: Create): boolean {
  // The API answers every field a create sent as it was sent.
  return Object.entries(c.body).every(([key, value]) => row[key] === value);
}

interface Tally {
  sent: number;
  acked: number;
  refusedBeforeKill: Record<number, number>;
  shed: number;
  shedPresent: number;
  failed: number;
  ackedPresent: number;
  ackedMissing: number;
  ackedChanged: number;
  unackedPresent: number;
  partialOrForeign: number;
  countsOk: boolean;
  restartMs: number;
}

async function runRound(backend: BenchBackend, jwtSecret: string, round: number): Promise<Tally> {
  const logFile = path.join(backend.workDir, `api-${round}.log`);
  const start = () =>
    startApi({
      databaseUrl: backend.databaseUrl,
      dataDir: backend.dataDir,
      logFile,
      jwtSecret,
      // All the creates in flight at once is the point: the overload limit (256 by default)
      // would answer most of them 503 at once, before the kill.
      env: { MAX_IN_FLIGHT_REQUESTS: String(creates + 100) },
    });
  let api: ApiProcess = await start();
  const client = new ApiClient(api.url);
  const username = `crash${round}`;
  await client.signUp(username, PASSWORD);
  const token = client.token as string;

  const list = makeCreates(`r${round}${randomBytes(2).toString('hex')}`);
  const acked = new Map<string, { id: number; kind: Kind }>();
  let failed = 0;
  /** Answers other than 201 before the kill, by status (none expected). */
  const refusedBeforeKill: Record<number, number> = {};
  /** Creates answered 503 (overload protection): they must not be there afterwards. */
  const shed = new Set<string>();
  let killed = false;
  const half = Math.floor(list.length / 2);
  const killAt = new Promise<void>((resolve) => {
    const check = setInterval(() => {
      if (acked.size >= half || failed > 0) {
        clearInterval(check);
        resolve();
      }
    }, 1);
  });
  const requests = list.map(async (c) => {
    try {
      const res = await client.request<{ id: number }>('POST', c.path, c.body, {
        token,
        timeoutMs: 30_000,
      });
      if (res.status === 201) acked.set(c.marker, { id: res.body.id, kind: c.kind });
      else {
        if (res.status === 503) shed.add(c.marker);
        else {
          failed++;
          if (!killed) refusedBeforeKill[res.status] = (refusedBeforeKill[res.status] ?? 0) + 1;
        }
      }
    } catch {
      failed++;
    }
  });
  await killAt;
  await api.stop('SIGKILL');
  killed = true;
  await Promise.all(requests);
  if (!killed) throw new Error('the server was not killed');

  const restartAt = performance.now();
  api = await start();
  const restartMs = performance.now() - restartAt;
  try {
    const reader = new ApiClient(api.url, token);
    const rows = new Map<Kind, Array<Record<string, unknown>>>();
    for (const [kind, url] of [
      ['note', '/api/notes/'],
      ['todo', '/api/todos/'],
      ['event', '/api/calendar/events/'],
    ] as const) {
      const res = await reader.request<Array<Record<string, unknown>>>('GET', url);
      if (res.status !== 200) throw new Error(`GET ${url} after the restart: ${res.status}`);
      rows.set(kind, res.body);
    }
    const byMarker = new Map(list.map((c) => [c.marker, c]));
    const markerOf = (row: Record<string, unknown>) => {
      const text = String(row.title ?? row.task ?? '');
      return /^crash (\S+)/.exec(text)?.[1];
    };
    const tally: Tally = {
      sent: list.length,
      acked: acked.size,
      refusedBeforeKill,
      shed: shed.size,
      shedPresent: 0,
      failed,
      ackedPresent: 0,
      ackedMissing: 0,
      ackedChanged: 0,
      unackedPresent: 0,
      partialOrForeign: 0,
      countsOk: true,
      restartMs,
    };
    const seen = new Set<string>();
    for (const [kind, kindRows] of rows) {
      for (const row of kindRows) {
        const marker = markerOf(row);
        const create = marker ? byMarker.get(marker) : undefined;
        if (
          !marker ||
          !create ||
          create.kind !== kind ||
          !matches(row, create) ||
          seen.has(marker)
        ) {
          tally.partialOrForeign++;
          continue;
        }
        seen.add(marker);
        const ack = acked.get(marker);
        if (shed.has(marker)) tally.shedPresent++;
        else if (!ack) tally.unackedPresent++;
        else if (ack.id !== row.id) tally.ackedChanged++;
      }
    }
    for (const [marker] of acked) {
      if (seen.has(marker)) tally.ackedPresent++;
      else tally.ackedMissing++;
    }
    for (const [kind, url] of [
      ['note', '/api/notes/?page=1&page_size=1'],
      ['todo', '/api/todos/?page=1&page_size=1'],
    ] as const) {
      const page = await reader.request<{ count: number }>('GET', url);
      if (page.body.count !== rows.get(kind)?.length) tally.countsOk = false;
    }
    return tally;
  } finally {
    await api.stop('SIGTERM');
  }
}

/** PGlite only: kill the server and its initdb child during the first start, then start again. */
async function firstStartKill(backend: BenchBackend, jwtSecret: string): Promise<string> {
  const logFile = path.join(backend.workDir, 'api-first-start.log');
  const api = await startApi({
    dataDir: backend.dataDir,
    logFile,
    jwtSecret,
    noWait: true,
  });
  await sleep(1_500);
  await api.killAll();
  try {
    const again = await startApi({ dataDir: backend.dataDir, logFile, jwtSecret });
    await again.stop('SIGTERM');
    return 'the next start created the database and served';
  } catch (error) {
    return `FAILED: ${(error as Error).message.split('\n').slice(0, 3).join(' | ')}`;
  }
}

function ok(t: Tally): boolean {
  return (
    t.ackedMissing === 0 &&
    t.ackedChanged === 0 &&
    t.partialOrForeign === 0 &&
    t.countsOk &&
    t.shedPresent === 0 &&
    Object.keys(t.refusedBeforeKill).length === 0
  );
}

console.log(
  `crash: ${creates} concurrent creates, kill -9 after half were answered, ${rounds} round(s) per back end; ${await machineLoad()}`,
);
const summary: string[] = [];
let allOk = true;
for (const kind of backends as Backend[]) {
  const backend = await freshBackend(kind, 'crash');
  const jwtSecret = randomBytes(48).toString('base64url');
  try {
    if (kind === 'pglite') {
      const firstStart = await firstStartKill(backend, jwtSecret);
      console.log(
        `  pglite  kill -9 of the server and initdb during the first start: ${firstStart}`,
      );
      if (firstStart.startsWith('FAILED')) allOk = false;
    }
    const totals = { acked: 0, missing: 0, partial: 0 };
    for (let round = 1; round <= rounds; round++) {
      const t = await runRound(backend, jwtSecret, round);
      totals.acked += t.acked;
      totals.missing += t.ackedMissing + t.ackedChanged;
      totals.partial += t.partialOrForeign;
      if (!ok(t)) allOk = false;
      console.log(
        `  ${kind.padEnd(8)} round ${round}: sent ${t.sent}, 201 ${t.acked}, 503 (shed) ${t.shed}, other answers before the kill ${JSON.stringify(t.refusedBeforeKill)}, failed by the kill ${t.failed - Object.values(t.refusedBeforeKill).reduce((a, b) => a + b, 0)}; ` +
          `after restart (${Math.round(t.restartMs)} ms): 201s present ${t.ackedPresent}, missing ${t.ackedMissing}, ` +
          `changed ${t.ackedChanged}, shed but present ${t.shedPresent}, unanswered but committed ${t.unackedPresent}, partial/foreign rows ${t.partialOrForeign}, ` +
          `counts ${t.countsOk ? 'exact' : 'WRONG'}${ok(t) ? '' : '  <-- FAILED'}`,
      );
    }
    summary.push(
      `${kind} ${totals.acked} acknowledged creates over ${rounds} kill(s), ${totals.missing} lost, ${totals.partial} partial`,
    );
  } finally {
    await backend.cleanup();
  }
}
console.log(`\ncrash summary: ${summary.join('; ')} -> ${allOk ? 'PASS' : 'FAIL'}`);
if (!allOk) process.exitCode = 1;
