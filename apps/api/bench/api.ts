/**
 * `pnpm bench:api`: our API against the physical limit of this machine.
 *
 * For each back end (a fresh Postgres database, then a fresh PGlite data dir) it starts the built
 * API as production runs it (`node apps/api/dist/server.js`, NODE_ENV=production, LOG_LEVEL=info,
 * logs to a file), sets up one user with 100 notes, 100 to-dos and 20 events on one date, and
 * captures our exact answer to each bench request. A bare `node:http` server in another process
 * then answers the same requests with those same bytes. autocannon runs in this process (the
 * servers each run in their own) against ours, then against the bare one, per route:
 *
 *   GET  /api/notes/, /api/todos/, /api/calendar/events/?date=   50 connections, bearer token
 *   POST /api/notes/ and POST /api/token/ (argon2id sign-in)      10 connections
 *
 * Options: --duration=15 (seconds per run), --warmup=3, --backend=postgres|pglite|both,
 * --only=notes,todos,events,create,login, --short (CI: 2 s runs, 1 s warm-up),
 * --cpu-prof (write a V8 CPU profile of our server per back end, path printed).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { CapturedResponse } from './bare-server';
import { startApi } from './lib/api-process';
import { type Backend, backendsFrom, parseArgs } from './lib/args';
import { freshBackend } from './lib/backend';
import { capture } from './lib/capture';
import { ApiClient, noteText } from './lib/client';
import { cpuTimeMs } from './lib/cpu';
import { type LoadResult, runLoad } from './lib/load';
import { API_DIR } from './lib/paths';
import { withClient } from './lib/postgres';
import { machineLoad, ms, table } from './lib/stats';

const args = parseArgs();
const short = args.has('short');
const duration = args.number('duration', short ? 2 : 15);
const warmup = args.number('warmup', short ? 1 : 3);
const backends = backendsFrom(args.string('backend', 'both'));
const only = new Set(args.string('only', 'notes,todos,events,create,login').split(','));
const cpuProf = args.has('cpu-prof');

const EVENT_DATE = '2026-12-01';
const PASSWORD = 'Bench!Pass-2026';

interface Scenario {
  key: string;
  name: string;
  method: 'GET' | 'POST';
  path: string;
  connections: number;
  headers: Record<string, string>;
  body?: string;
  /** The answer every request must get. */
  status: number;
}

interface Row {
  backend: Backend;
  scenario: Scenario;
  ours: LoadResult;
  bare: LoadResult;
  /** CPU time per answer, in µs: our server, its Postgres backends, the bare server. */
  cpu: { ours?: number; db?: number; bare?: number };
}

/** CPU time so far of a set of processes, in ms (undefined when unknown). */
function cpuOf(pids: number[]): number | undefined {
  let total = 0;
  for (const pid of pids) {
    const t = cpuTimeMs(pid);
    if (t === undefined) return undefined;
    total += t;
  }
  return total;
}

/** Runs the load and the CPU time per answer (µs) of the server and of its database processes. */
async function measure(server: number[], db: number[], run: () => Promise<LoadResult>) {
  const before = [cpuOf(server), cpuOf(db)];
  const result = await run();
  const after = [cpuOf(server), cpuOf(db)];
  const per = (i: number) => {
    const a = before[i];
    const b = after[i];
    return a !== undefined && b !== undefined && result.requests > 0
      ? ((b - a) * 1000) / result.requests
      : undefined;
  };
  return { result, server: per(0), db: db.length > 0 ? per(1) : undefined };
}

async function seed(baseUrl: string) {
  const reader = new ApiClient(baseUrl);
  await reader.signUp('bench', PASSWORD);
  for (let i = 1; i <= 100; i++) await reader.create('/api/notes/', noteText(i));
  const priorities = ['L', 'M', 'H'] as const;
  for (let i = 1; i <= 100; i++) {
    await reader.create('/api/todos/', {
      task: `Task ${i}: follow up with the team about the release checklist`,
      priority: priorities[i % 3],
      due_date: i % 4 === 0 ? null : `2026-12-${String((i % 28) + 1).padStart(2, '0')}`,
      completed: i % 5 === 0,
    });
  }
  for (let i = 1; i <= 20; i++) {
    await reader.create('/api/calendar/events/', {
      title: `Event ${i}: review`,
      date: EVENT_DATE,
      time: i % 4 === 0 ? null : `${String(8 + (i % 10)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
    });
  }
  // Creates go to another user, so that the lists above keep their 100 rows.
  const writer = new ApiClient(baseUrl);
  await writer.signUp('writer', PASSWORD);
  return { reader: reader.token as string, writer: writer.token as string };
}

function scenarios(tokens: { reader: string; writer: string }): Scenario[] {
  const json = { 'content-type': 'application/json' };
  const reader = { authorization: `Bearer ${tokens.reader}` };
  const all: Scenario[] = [
    {
      key: 'notes',
      name: 'GET /api/notes/ (100)',
      method: 'GET',
      path: '/api/notes/',
      connections: 50,
      headers: reader,
      status: 200,
    },
    {
      key: 'todos',
      name: 'GET /api/todos/ (100)',
      method: 'GET',
      path: '/api/todos/',
      connections: 50,
      headers: reader,
      status: 200,
    },
    {
      key: 'events',
      name: 'GET /api/calendar/events/?date= (20)',
      method: 'GET',
      path: `/api/calendar/events/?date=${EVENT_DATE}`,
      connections: 50,
      headers: reader,
      status: 200,
    },
    {
      key: 'create',
      name: 'POST /api/notes/',
      method: 'POST',
      path: '/api/notes/',
      connections: 10,
      headers: { ...json, authorization: `Bearer ${tokens.writer}` },
      body: JSON.stringify(noteText(0)),
      status: 201,
    },
    {
      key: 'login',
      name: 'POST /api/token/ (argon2id)',
      method: 'POST',
      path: '/api/token/',
      connections: 10,
      headers: json,
      body: JSON.stringify({ username: 'bench', password: PASSWORD }),
      status: 200,
    },
  ];
  return all.filter((s) => only.has(s.key));
}

async function startBare(file: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(API_DIR, 'bench', 'bare-server.ts'), file],
    {
      cwd: API_DIR,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

function load(baseUrl: string, s: Scenario, seconds: number) {
  return runLoad({
    url: `${baseUrl}${s.path}`,
    method: s.method,
    headers: s.headers,
    ...(s.body !== undefined ? { body: s.body } : {}),
    connections: s.connections,
    duration: seconds,
  });
}

async function benchBackend(kind: Backend): Promise<Row[]> {
  const backend = await freshBackend(kind, 'bench-api');
  const rows: Row[] = [];
  try {
    const api = await startApi({
      databaseUrl: backend.databaseUrl,
      dataDir: backend.dataDir,
      logFile: path.join(backend.workDir, 'api.log'),
      // Thousands of sign-ins a minute from one address are the point of the login run.
      env: {
        RATE_LIMIT_PER_MINUTE: '100000000',
        ...(process.env.BENCH_API_ENV ? JSON.parse(process.env.BENCH_API_ENV) : {}),
      },
      ...(cpuProf ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${backend.workDir}`] } : {}),
    });
    let bare: { url: string; child: ChildProcess } | undefined;
    try {
      const tokens = await seed(api.url);
      const list = scenarios(tokens);
      const captured: CapturedResponse[] = [];
      for (const s of list) {
        const answer = await capture(api.url, {
          method: s.method,
          path: s.path,
          headers: s.headers,
          ...(s.body !== undefined ? { body: s.body } : {}),
        });
        if (answer.status !== s.status) {
          throw new Error(`${s.name} answered ${answer.status}, expected ${s.status}`);
        }
        captured.push(answer);
      }
      const file = path.join(backend.workDir, 'captured.json');
      writeFileSync(file, JSON.stringify(captured));
      bare = await startBare(file);
      const bareUrl = bare.url;
      const barePid = bare.child.pid as number;

      const dbPids = async () =>
        backend.databaseUrl
          ? withClient(backend.databaseUrl, async (c) => {
              const { rows } = await c.query<{ pid: number }>(
                'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
              );
              return rows.map((r) => r.pid);
            })
          : [];
      for (const s of list) {
        // Warm both up (JIT, connection pools), then measure ours and the bare server in turn.
        await load(api.url, s, warmup);
        await load(bareUrl, s, warmup);
        // The Postgres backends serving our pool (its connections outlive the warm-up).
        const db = await dbPids();
        const ours = await measure([api.pid], db, () => load(api.url, s, duration));
        const bareResult = await measure([barePid], [], () => load(bareUrl, s, duration));
        rows.push({
          backend: kind,
          scenario: s,
          ours: ours.result,
          bare: bareResult.result,
          cpu: { ours: ours.server, db: ours.db, bare: bareResult.server },
        });
        console.log(
          `  ${kind.padEnd(8)} ${s.name.padEnd(38)} ours ${Math.round(ours.result.rps)} req/s, bare ${Math.round(bareResult.result.rps)} req/s`,
        );
      }
    } finally {
      bare?.child.kill('SIGTERM');
      const exit = await api.stop('SIGTERM');
      if (exit.code !== 0)
        console.log(`  warning: our API exited with ${exit.code ?? exit.signal}`);
    }
    if (cpuProf) {
      const profile = readdirSync(backend.workDir).find((f) => f.endsWith('.cpuprofile'));
      console.log(
        `  CPU profile (${kind}): ${profile ? path.join(backend.workDir, profile) : 'none written'}`,
      );
      process.env.BENCH_KEEP = '1';
    }
  } finally {
    await backend.cleanup();
  }
  return rows;
}

const errorsOf = (r: LoadResult) => r.errors + r.non2xx;

function cpuText(cpu: Row['cpu']): string {
  const n = (v: number | undefined) => (v === undefined ? '?' : String(Math.round(v)));
  return `${n(cpu.ours)}${cpu.db !== undefined ? `+${n(cpu.db)}` : ''} / ${n(cpu.bare)}`;
}

function report(rows: Row[]) {
  console.log(
    `\n${table(
      [
        'back end / route',
        'conns',
        'ours req/s',
        'p50',
        'p99',
        'errors',
        'bare req/s',
        'p50',
        'p99',
        'ours/bare',
      ],
      rows.map((row) => [
        `${row.backend} ${row.scenario.name}`,
        String(row.scenario.connections),
        String(Math.round(row.ours.rps)),
        ms(row.ours.p50),
        ms(row.ours.p99),
        String(errorsOf(row.ours)),
        String(Math.round(row.bare.rps)),
        ms(row.bare.p50),
        ms(row.bare.p99),
        (row.ours.rps / row.bare.rps).toFixed(2),
        cpuText(row.cpu),
      ]),
    )}`,
  );

  const pg = rows.filter((r) => r.backend === 'postgres');
  if (pg.length === 0) return;
  const lists = pg.filter((r) => ['notes', 'todos', 'events'].includes(r.scenario.key));
  const nonLogin = pg.filter((r) => r.scenario.key !== 'login');
  const login = pg.find((r) => r.scenario.key === 'login');
  const verdict = (ok: boolean) => (ok ? 'met' : 'NOT MET');
  const minRatio = Math.min(...lists.map((r) => r.ours.rps / r.bare.rps));
  const maxP99 = Math.max(...nonLogin.map((r) => r.ours.p99));
  const errors = pg.reduce((sum, r) => sum + errorsOf(r.ours), 0);
  console.log('\nGoals on Postgres:');
  if (lists.length) {
    console.log(
      `  ratio >= 0.40 on the list routes: lowest ${minRatio.toFixed(2)} (${verdict(minRatio >= 0.4)})`,
    );
  }
  if (nonLogin.length) {
    console.log(
      `  p99 <= 25 ms (lists and create): highest ${ms(maxP99)} (${verdict(maxP99 <= 25)})`,
    );
  }
  console.log(`  0 errors: ${errors} (${verdict(errors === 0)})`);
  if (login)
    console.log(`  login p50 <= 60 ms: ${ms(login.ours.p50)} (${verdict(login.ours.p50 <= 60)})`);
}

console.log(
  `bench:api: ${duration} s per run after a ${warmup} s warm-up, back ends ${backends.join(', ')}; ${await machineLoad()}; node ${process.version}`,
);
const all: Row[] = [];
for (const kind of backends) all.push(...(await benchBackend(kind)));
report(all);
const summary = backends
  .map((b) => {
    const rs = all.filter((r) => r.backend === b);
    const ratios = rs
      .filter((r) => ['notes', 'todos', 'events'].includes(r.scenario.key))
      .map((r) => `${r.scenario.key} ${(r.ours.rps / r.bare.rps).toFixed(2)}`)
      .join(' ');
    const errs = rs.reduce((sum, r) => sum + errorsOf(r.ours), 0);
    const login = rs.find((r) => r.scenario.key === 'login');
    return `${b}: ratios ${ratios || '-'}, errors ${errs}${login ? `, login p50 ${ms(login.ours.p50)}` : ''}`;
  })
  .join('; ');
console.log(`\nbench:api summary: ${summary}; ${await machineLoad()}`);
if (args.has('assert')) {
  const errors = all.reduce((sum, r) => sum + errorsOf(r.ours), 0);
  if (errors > 0) {
    console.error(`bench:api: ${errors} failed requests`);
    process.exit(1);
  }
}
