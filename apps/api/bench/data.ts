/**
 * `pnpm bench:data`: the cost of "Your data" exports and imports (issue 12, ADR 0414).
 *
 * For each back end it starts the built API on a fresh database, registers a user, stops the
 * API, seeds 100,000 notes for that user straight into the database, and starts the API again.
 * Then it downloads `GET /api/export/` and `GET /api/export/notes.zip` (reading the stream
 * without keeping it) while sampling the server's RSS (/proc/<pid>/status) every 20 ms, and
 * prints the time and the RSS growth over the server's RSS before the download. Last, it posts a
 * 10,000-note export document to `POST /api/import/` of a fresh account and prints the time.
 *
 *   tsx bench/data.ts [--backend=postgres|pglite|both] [--notes=100000] [--import=10000]
 *
 * The goal (issue 12): RSS grows by at most 50 MB during the export of 100,000 notes. On PGlite
 * the database runs inside the server process, so its own buffers count in the RSS too.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { openPGlite, openPostgres } from '../src/db/connect';
import { startApi } from './lib/api-process';
import { type Backend, backendsFrom, parseArgs } from './lib/args';
import { freshBackend } from './lib/backend';
import { ApiClient } from './lib/client';
import { machineLoad, ms, table } from './lib/stats';

const args = parseArgs();
const backends = backendsFrom(args.string('backend', 'both'));
const noteCount = args.number('notes', 100_000);
const importCount = args.number('import', 10_000);
const GOAL_MB = 50;

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

async function seed(
  kind: Backend,
  databaseUrl: string | undefined,
  dataDir: string,
  userId: number,
) {
  const handle =
    kind === 'postgres'
      ? openPostgres(databaseUrl as string, { statementTimeoutMs: 600_000 })
      : await openPGlite({ dataDir: path.join(dataDir, 'pglite') });
  try {
    await sql`
      insert into notes (user_id, title, content, summary, created_at, updated_at)
      select ${userId}, 'Note ' || g || ': planning',
             'Meeting notes ' || g || '. We went through the quarterly plan, agreed on the next '
               || 'three milestones and moved the release review to Thursday.',
             case when g % 3 = 0 then 'Plan agreed; review moved to Thursday.' end,
             timestamptz '2024-01-01 00:00Z' + g * interval '1 minute', now()
      from generate_series(1, ${noteCount}) g`.execute(handle.db);
    await sql`vacuum analyze`.execute(handle.db);
  } finally {
    await handle.close();
  }
}

interface Download {
  ms: number;
  bytes: number;
  baseMb: number;
  peakMb: number;
}

/** Reads a download to its end without keeping it, sampling the server's RSS meanwhile. */
async function download(
  baseUrl: string,
  token: string,
  url: string,
  pid: number,
): Promise<Download> {
  const baseMb = rssMb(pid);
  let peakMb = baseMb;
  const timer = setInterval(() => {
    peakMb = Math.max(peakMb, rssMb(pid));
  }, 20);
  const start = performance.now();
  let bytes = 0;
  try {
    let res = await fetch(`${baseUrl}${url}`, { headers: { authorization: `Bearer ${token}` } });
    // A loaded machine may trip the overload guard (503, Retry-After): wait and ask again.
    for (let retry = 0; res.status === 503 && retry < 10; retry++) {
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      res = await fetch(`${baseUrl}${url}`, { headers: { authorization: `Bearer ${token}` } });
    }
    if (res.status !== 200 || !res.body) throw new Error(`GET ${url}: ${res.status}`);
    for await (const chunk of res.body) bytes += (chunk as Uint8Array).length;
  } finally {
    clearInterval(timer);
  }
  peakMb = Math.max(peakMb, rssMb(pid));
  return { ms: performance.now() - start, bytes, baseMb, peakMb };
}

function importDocument(count: number) {
  return {
    format: 'prodify-export',
    version: 1,
    exported_at: new Date().toISOString(),
    username: 'bench',
    notes: Array.from({ length: count }, (_, i) => ({
      id: i + 1,
      title: `Imported note ${i + 1}`,
      content: `Imported text ${i + 1}. A few sentences about plans, errands and ideas for the week.`,
      created_at: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString(),
      summary: i % 3 === 0 ? 'A short saved summary.' : null,
    })),
    todos: [],
    events: [],
  };
}

type Row = [string, string, string, string, string];

const all: Row[] = [];
/** Prints a figure as soon as it is measured (a later failure keeps it), and keeps it. */
function report(row: Row) {
  console.log(`  ${row.join(' | ')}`);
  all.push(row);
}

async function bench(kind: Backend): Promise<void> {
  const backend = await freshBackend(kind, 'data');
  try {
    const options = {
      databaseUrl: backend.databaseUrl,
      dataDir: backend.dataDir,
      logFile: path.join(backend.workDir, 'api.log'),
      jwtSecret: 'data-bench-secret-0123456789-abcdefghijklmnopqrstuvw',
    };
    let api = await startApi(options);
    const { id } = await new ApiClient(api.url).signUp('exporter', 'Data!Bench-2026');
    await api.stop('SIGTERM');
    const seedStart = performance.now();
    await seed(kind, backend.databaseUrl, backend.dataDir, id);
    console.log(
      `  ${kind}: seeded ${noteCount.toLocaleString('en-US')} notes in ${ms(performance.now() - seedStart)}`,
    );
    api = await startApi(options);
    try {
      const client = new ApiClient(api.url);
      const { access } = await (async () => {
        const login = await client.request<{ access: string }>('POST', '/api/token/', {
          username: 'exporter',
          password: 'Data!Bench-2026',
        });
        return login.body;
      })();
      for (const url of ['/api/export/', '/api/export/notes.zip']) {
        const d = await download(api.url, access, url, api.pid);
        const growth = d.peakMb - d.baseMb;
        report([
          `${kind} GET ${url} (${noteCount.toLocaleString('en-US')} notes)`,
          ms(d.ms),
          `${(d.bytes / 1024 / 1024).toFixed(1)} MB`,
          `${d.baseMb.toFixed(0)} → ${d.peakMb.toFixed(0)} MB`,
          `${growth.toFixed(1)} MB${growth <= GOAL_MB ? '' : ' (over the goal)'}`,
        ]);
      }
      const importer = new ApiClient(api.url);
      // The overload guard may still answer 503 just after the exports on a loaded machine.
      for (let attempt = 1; ; attempt++) {
        try {
          await importer.signUp(`importer${attempt}`, 'Data!Bench-2026');
          break;
        } catch (error) {
          if (attempt >= 10) throw error;
          await new Promise((resolve) => setTimeout(resolve, 3_000));
        }
      }
      const doc = importDocument(importCount);
      const body = JSON.stringify(doc);
      const baseMb = rssMb(api.pid);
      const start = performance.now();
      const res = await importer.request<{ created: { notes: number } }>(
        'POST',
        '/api/import/',
        doc,
        {
          timeoutMs: 600_000,
        },
      );
      const took = performance.now() - start;
      if (res.status !== 201 || res.body.created.notes !== importCount) {
        throw new Error(`import: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
      }
      report([
        `${kind} POST /api/import/ (${importCount.toLocaleString('en-US')} notes)`,
        ms(took),
        `${(body.length / 1024 / 1024).toFixed(1)} MB`,
        `${baseMb.toFixed(0)} → ${rssMb(api.pid).toFixed(0)} MB`,
        '',
      ]);
    } finally {
      await api.stop('SIGTERM');
    }
  } finally {
    await backend.cleanup();
  }
}

console.log(`bench:data: ${await machineLoad()}; node ${process.version}`);
for (const kind of backends) await bench(kind);
console.log(
  `\n${table(['back end / request', 'time', 'size', 'server RSS before → peak', `growth (goal ≤ ${GOAL_MB} MB)`], all)}`,
);
