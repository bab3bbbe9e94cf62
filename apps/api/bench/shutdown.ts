/**
 * Graceful shutdown: SIGTERM to the built API under a steady load of reads, creates and slow
 * summaries (20,000-word documents, so that requests are surely running when the signal comes).
 * It checks that
 *  - every request the server had started before the signal finished with its normal answer;
 *  - requests after the signal are refused (connection refused, or a JSON 503 on a connection
 *    that was already open), none hangs and none is cut off half-way;
 *  - the process exits by itself, with code 0, well within the grace period;
 *  - after a restart on the same database, every create that was answered 201 is there (on
 *    PGlite this also proves the data dir was closed cleanly).
 *
 *   tsx bench/shutdown.ts [--backend=postgres|pglite|both] [--workers=12] [--short]
 */
import path from 'node:path';
import { startApi } from './lib/api-process';
import { type Backend, backendsFrom, parseArgs } from './lib/args';
import { freshBackend } from './lib/backend';
import { ApiClient, noteText } from './lib/client';
import { machineLoad, ms, sleep } from './lib/stats';

const args = parseArgs();
const backends = backendsFrom(args.string('backend', 'both'));
const workers = args.number('workers', 12);
const PASSWORD = 'Shutdown!Test-2026';
/** The server's grace period (src/server.ts): after it, close-with-grace exits with code 1. */
const GRACE_MS = 10_000;

/** Just under the 100,000-character limit (about 13,000 words): a summary takes tens of ms. */
const LONG_DOCUMENT = Array.from(
  { length: 780 },
  (_, i) =>
    `Section ${i} reviews the plan for milestone ${i % 17}, and the team agreed to revisit budget item ${i % 23} on Thursday.`,
).join(' ');

interface Sample {
  kind: 'list' | 'create' | 'summary';
  /** Sent as X-Request-Id: the server's log tells whether it started the request. */
  id: string;
  start: number;
  end: number;
  status: number;
  error?: string;
  /** The create's marker, for the check after the restart. */
  marker?: string;
  /** A 503 whose body is a JSON `detail`. */
  detail?: boolean;
}

async function send(client: ApiClient, kind: Sample['kind'], i: number): Promise<Sample> {
  const start = performance.now();
  const id = `shutdown-${i}-${Math.random().toString(36).slice(2)}`;
  const marker = kind === 'create' ? id : '';
  const options = { headers: { 'x-request-id': id } };
  try {
    const res =
      kind === 'list'
        ? await client.request('GET', '/api/notes/?page=1', undefined, options)
        : kind === 'create'
          ? await client.request(
              'POST',
              '/api/notes/',
              { title: marker, content: noteText(i).content },
              options,
            )
          : await client.request('POST', '/api/summarize/', { content: LONG_DOCUMENT }, options);
    const body = res.body as { detail?: unknown } | undefined;
    return {
      kind,
      id,
      start,
      end: performance.now(),
      status: res.status,
      detail: typeof body === 'object' && typeof body?.detail === 'string',
      ...(marker ? { marker } : {}),
    };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return {
      kind,
      id,
      start,
      end: performance.now(),
      status: 0,
      error: cause?.code ?? String(error),
      ...(marker ? { marker } : {}),
    };
  }
}

async function run(kind: Backend): Promise<{ ok: boolean; line: string }> {
  const backend = await freshBackend(kind, 'shutdown');
  try {
    const logFile = path.join(backend.workDir, 'api.log');
    const jwtSecret = 'shutdown-bench-secret-0123456789-abcdefghijklmnop';
    const options = {
      databaseUrl: backend.databaseUrl,
      dataDir: backend.dataDir,
      logFile,
      jwtSecret,
    };
    const api = await startApi(options);
    const client = new ApiClient(api.url);
    await client.signUp('shutdown', PASSWORD);

    const samples: Sample[] = [];
    let running = true;
    const kinds: Sample['kind'][] = ['list', 'create', 'summary'];
    const loops = Array.from({ length: workers }, async (_, w) => {
      for (let i = 0; running; i++) {
        samples.push(await send(client, kinds[(w + i) % 3] as Sample['kind'], w * 100_000 + i));
      }
    });
    await sleep(2_000);
    const signalAt = performance.now();
    api.child.kill('SIGTERM');
    const exit = await api.exited;
    const exitMs = performance.now() - signalAt;
    // Keep sending a little longer: the server is gone, requests must fail fast, not hang.
    await sleep(500);
    running = false;
    await Promise.all(loops);

    const log = api.log();
    const errorsLogged = log.filter((l) => Number(l.level) >= 50).length;
    // The requests the server started: it logs each one it reads, with our X-Request-Id.
    const started = new Set(
      log.filter((l) => l.msg === 'incoming request').map((l) => String(l.reqId)),
    );
    const ran = samples.filter((s) => started.has(s.id));
    const answered = (s: Sample) => s.status >= 200 && s.status < 300;
    const refusedJson = (s: Sample) => s.status === 503 && s.detail === true;
    // Started, but no answer, or an answer other than its normal one or the JSON 503.
    const cutOff = ran.filter((s) => !answered(s) && !refusedJson(s));
    const spanning = ran.filter((s) => s.start < signalAt && s.end > signalAt);
    const spanningOk = spanning.filter(answered).length;
    const after = samples.filter((s) => s.end > signalAt);
    const json503 = after.filter(refusedJson).length;
    // Never read by the server: refused connections, and requests written to a kept-alive
    // connection in the moment the server closed it as idle (the client sees it closed).
    const notStarted = samples.filter((s) => !started.has(s.id));
    const notStartedAnswered = notStarted.filter((s) => s.status !== 0).length;
    const errorCodes = [...new Set(notStarted.map((s) => s.error))].join(', ');
    const slowest = Math.max(0, ...after.map((s) => s.end - s.start));

    // Restart on the same database: every acknowledged create is there.
    const again = await startApi(options);
    const reader = new ApiClient(again.url, client.token);
    const notes = await reader.request<Array<{ title: string }>>('GET', '/api/notes/');
    await again.stop('SIGTERM');
    const titles = new Set(notes.body.map((n) => n.title));
    const acked = samples.filter((s) => s.kind === 'create' && s.status === 201);
    const lost = acked.filter((s) => !titles.has(s.marker as string)).length;

    const line =
      `${kind.padEnd(8)} SIGTERM with ${spanning.length} requests running ` +
      `(${spanning.filter((s) => s.kind === 'summary').length} summaries): ${spanningOk} finished with their answer; ` +
      `exit code ${exit.code ?? exit.signal} after ${ms(exitMs)}; ${ran.length} requests started, ${cutOff.length} cut off; ` +
      `after the signal ${json503} JSON 503s and ${notStarted.length} not started (${errorCodes || 'none'}), slowest ${ms(slowest)}; ` +
      `${errorsLogged} errors logged; after restart ${acked.length - lost}/${acked.length} acknowledged creates present`;
    const ok =
      exit.code === 0 &&
      exitMs < GRACE_MS &&
      spanning.length > 0 &&
      spanningOk === spanning.length &&
      cutOff.length === 0 &&
      notStartedAnswered === 0 &&
      slowest < 5_000 &&
      errorsLogged === 0 &&
      lost === 0;
    return { ok, line };
  } finally {
    await backend.cleanup();
  }
}

console.log(
  `shutdown: SIGTERM under a load of ${workers} clients (lists, creates, 100,000-character summaries); ${await machineLoad()}`,
);
let allOk = true;
const lines: string[] = [];
for (const kind of backends) {
  const { ok, line } = await run(kind);
  allOk &&= ok;
  lines.push(line);
  console.log(`  ${line}${ok ? '' : '  <-- FAILED'}`);
}
console.log(`\nshutdown summary: ${allOk ? 'PASS' : 'FAIL'}`);
process.exitCode = allOk ? 0 : 1;
