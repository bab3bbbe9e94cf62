/**
 * `pnpm bench:fairness`: one user's imports must not stall another user (issue 17, ADR 0420).
 *
 * For each back end it starts the built API on a fresh database. User A imports a JSON export of
 * about 63 MB (notes), user B at the same time an iCalendar file of 50,000 events, and user C
 * lists their notes every 200 ms all along. It prints C's latency before and during the imports
 * (p50, p99, max, errors), each import's time and answer, the server's RSS before, at its peak,
 * and once the worker pool has gone idle, then the same with A re-importing the same file (every
 * item skipped).
 *
 *   tsx bench/fairness.ts [--backend=postgres|pglite|both] [--json-mb=63] [--events=50000] [--assert]
 *
 * Goals: C's p99 during the imports ≤ 250 ms on Postgres and ≤ 1 s on the embedded database,
 * with 0 errors; the RSS back within 100 MB of where it was once the pool is idle. With
 * `--assert` a missed goal fails the run.
 */
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startApi } from './lib/api-process';
import { type Backend, backendsFrom, parseArgs } from './lib/args';
import { freshBackend } from './lib/backend';
import { ApiClient } from './lib/client';
import { machineLoad, ms, percentile, sleep, table } from './lib/stats';

const args = parseArgs();
const backends = backendsFrom(args.string('backend', 'both'));
const jsonMb = args.number('json-mb', 63);
const eventCount = args.number('events', 50_000);
const assert = args.has('assert');
const POLLER = fileURLToPath(new URL('./lib/poller.mjs', import.meta.url));
const GOAL_P99: Record<Backend, number> = { postgres: 250, pglite: 1_000 };
const RSS_RETURN_MB = 100;
/** The worker pool ends idle threads after 10 s; a little more to be sure. */
const IDLE_WAIT_MS = 15_000;

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** A prodify export of notes of about 500 characters, `mb` megabytes in all. */
function jsonExport(mb: number): string {
  const note = (i: number) =>
    JSON.stringify({
      id: i + 1,
      title: `Imported note ${i + 1}`,
      content: `Imported text ${i + 1}. ${'A few sentences about plans, errands and ideas for the week. '.repeat(8)}`,
      created_at: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString(),
      summary: i % 3 === 0 ? 'A short saved summary.' : null,
    });
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < mb * 1024 * 1024; i++) {
    const text = note(i);
    parts.push(text);
    size += text.length + 1;
  }
  return `{"format":"prodify-export","version":1,"exported_at":"${new Date().toISOString()}","username":"bench","notes":[${parts.join(',')}],"todos":[],"events":[]}`;
}

function calendar(events: number): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//bench//bench//EN'];
  for (let i = 0; i < events; i++) {
    const day = new Date(Date.UTC(2026, 0, 1) + (i % 700) * 86_400_000).toISOString().slice(0, 10);
    lines.push(
      'BEGIN:VEVENT',
      `UID:bench-${i}@fairness`,
      `DTSTART:${day.replaceAll('-', '')}T${String(8 + (i % 10)).padStart(2, '0')}0000`,
      `SUMMARY:Event ${i}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR', '');
  return lines.join('\r\n');
}

interface Poll {
  latencies: number[];
  errors: string[];
}

/**
 * C's list, every 200 ms, until `done` resolves: from a process of its own (lib/poller.mjs),
 * so that the importers' uploads, sent from this process, never delay C's requests here.
 */
async function poll(url: string, token: string, done: Promise<unknown>): Promise<Poll> {
  const child = fork(POLLER, [url, token, '/api/notes/', '200'], { stdio: 'inherit' });
  const result = new Promise<Poll>((resolve, reject) => {
    child.once('message', (message) => resolve(message as Poll));
    child.once('exit', (code) => reject(new Error(`the poller exited with ${code}`)));
  });
  await done.catch(() => {});
  child.send('stop');
  return result;
}

async function post(url: string, token: string, type: string, body: Buffer) {
  const start = performance.now();
  const res = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': type },
    body,
    signal: AbortSignal.timeout(900_000),
  });
  const text = await res.text();
  return { status: res.status, text, ms: performance.now() - start };
}

const rows: string[][] = [];
let failed = false;

function latencyRow(label: string, p: Poll, goal?: number) {
  const p99 = percentile(p.latencies, 99);
  const met = goal === undefined || (p99 <= goal && p.errors.length === 0);
  if (!met) failed = true;
  rows.push([
    label,
    String(p.latencies.length),
    ms(percentile(p.latencies, 50)),
    ms(p99),
    ms(Math.max(...p.latencies)),
    p.errors.length === 0
      ? '0'
      : `${p.errors.length} (${[...new Set(p.errors)].slice(0, 3).join(', ')})`,
    goal === undefined ? '' : met ? `PASS (≤ ${goal} ms)` : `FAIL (goal ≤ ${goal} ms, 0 errors)`,
  ]);
  console.log(`  ${rows.at(-1)?.join(' | ')}`);
}

async function bench(kind: Backend, json: Buffer, ics: Buffer) {
  const backend = await freshBackend(kind, 'fairness');
  const api = await startApi({
    databaseUrl: backend.databaseUrl,
    dataDir: backend.dataDir,
    logFile: path.join(backend.workDir, 'api.log'),
    env: { RATE_LIMIT_PER_MINUTE: '1000' },
  });
  try {
    const [a, b, c] = [new ApiClient(api.url), new ApiClient(api.url), new ApiClient(api.url)];
    await a.signUp('importer_json', 'Fair!Bench-2026');
    await b.signUp('importer_ics', 'Fair!Bench-2026');
    await c.signUp('lister', 'Fair!Bench-2026');
    for (let i = 0; i < 20; i++)
      await c.create('/api/notes/', { title: `C ${i}`, content: 'mine' });

    // C alone, for comparison.
    await sleep(1_000);
    latencyRow(`${kind}: C alone (5 s)`, await poll(api.url, c.token as string, sleep(5_000)));

    const rssBefore = rssMb(api.pid);
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, rssMb(api.pid));
    }, 100);
    const imports = Promise.all([
      post(`${api.url}/api/import/`, a.token as string, 'application/json', json),
      post(`${api.url}/api/calendar/import/`, b.token as string, 'text/calendar', ics),
    ]);
    const during = await poll(api.url, c.token as string, imports);
    const [jsonResult, icsResult] = await imports;
    latencyRow(`${kind}: C during both imports`, during, GOAL_P99[kind]);
    for (const [label, r] of [
      ['A: JSON import', jsonResult],
      ['B: iCalendar import', icsResult],
    ] as const) {
      const created = r.status === 201 ? JSON.parse(r.text).created : r.text.slice(0, 120);
      console.log(`  ${kind}: ${label} → ${r.status} in ${ms(r.ms)}: ${JSON.stringify(created)}`);
      if (r.status !== 201) failed = true;
    }

    // The same JSON again: every item is skipped.
    const again = post(`${api.url}/api/import/`, a.token as string, 'application/json', json);
    const duringAgain = await poll(api.url, c.token as string, again);
    const second = await again;
    latencyRow(`${kind}: C during the re-import`, duringAgain, GOAL_P99[kind]);
    console.log(`  ${kind}: A: the same JSON again → ${second.status} in ${ms(second.ms)}`);
    clearInterval(sampler);

    await sleep(IDLE_WAIT_MS);
    const rssAfter = rssMb(api.pid);
    const back = rssAfter - rssBefore <= RSS_RETURN_MB;
    if (!back) failed = true;
    console.log(
      `  ${kind}: RSS ${rssBefore.toFixed(0)} MB before, ${rssPeak.toFixed(0)} MB at the peak, ${rssAfter.toFixed(0)} MB ${IDLE_WAIT_MS / 1000} s after: ${back ? 'PASS' : 'FAIL'} (back within ${RSS_RETURN_MB} MB)`,
    );
  } finally {
    await api.stop('SIGTERM');
    await backend.cleanup();
  }
}

console.log(`bench:fairness (${await machineLoad()})`);
// Encoded once: sending a string would encode 63 MB at every upload.
const json = Buffer.from(jsonExport(jsonMb));
const ics = Buffer.from(calendar(eventCount));
console.log(
  `  files: JSON ${(json.length / 1024 / 1024).toFixed(1)} MB, iCalendar ${(ics.length / 1024 / 1024).toFixed(1)} MB with ${eventCount.toLocaleString('en-US')} events`,
);
for (const kind of backends) await bench(kind, json, ics);
console.log(`\n${table(['user C', 'requests', 'p50', 'p99', 'max', 'errors', 'goal'], rows)}`);
console.log(failed ? '\nbench:fairness: a goal was missed' : '\nbench:fairness: all goals met');
if (assert && failed) process.exit(1);
