/**
 * Database outage: the built API on a throw-away Postgres cluster of this machine (made with
 * pg_createcluster, never the main cluster), under a steady load of reads and writes; the cluster
 * is stopped (`pg_ctlcluster ... stop -m fast`) for 10 s, then started again. It checks that
 *  - while the database is down every answer is a fast 503 with a JSON `detail` (no hang, no
 *    crash, no other status), and /readyz answers 503;
 *  - after the database is back the API recovers by itself (no restart) within 5 s.
 * It prints the 503s' p50/p99 latency and the recovery time.
 *
 *   tsx bench/outage.ts [--down=10] [--workers=8] [--short]
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, startApi } from './lib/api-process';
import { parseArgs } from './lib/args';
import { ApiClient, noteText } from './lib/client';
import { clusterToolsMissing, createCluster } from './lib/cluster';
import { machineLoad, ms, percentile, sleep } from './lib/stats';

const args = parseArgs();
const downSeconds = args.number('down', 10);
const workers = args.number('workers', 8);
/** Pause between one worker's requests: a steady load, not a flood. */
const PACE_MS = 20;
/** An answer slower than this during the outage counts as a hang. */
const HANG_MS = 5_000;
const RECOVERY_GOAL_MS = 5_000;

interface Sample {
  start: number;
  end: number;
  status: number;
  /** A JSON body with a string `detail`. */
  detail: boolean;
  error?: string;
  readyz: boolean;
}

async function send(
  client: ApiClient,
  method: string,
  url: string,
  body: unknown,
  readyz = false,
): Promise<Sample> {
  const start = performance.now();
  try {
    const res = await client.request<{ detail?: unknown }>(method, url, body, {
      timeoutMs: 15_000,
    });
    return {
      start,
      end: performance.now(),
      status: res.status,
      detail: typeof res.body === 'object' && typeof res.body?.detail === 'string',
      readyz,
    };
  } catch (error) {
    return {
      start,
      end: performance.now(),
      status: 0,
      detail: false,
      error: String(error),
      readyz,
    };
  }
}

const missing = clusterToolsMissing();
if (missing) {
  console.log(`outage: SKIPPED, ${missing}`);
  process.exit(0);
}

console.log(
  `outage: database stopped for ${downSeconds} s under a steady load of ${workers} clients; ${await machineLoad()}`,
);
const port = await freePort();
const cluster = createCluster('prodify_outage', port);
const workDir = mkdtempSync(path.join(os.tmpdir(), 'prodify-outage-'));
let passed = false;
try {
  cluster.start();
  const api = await startApi({
    databaseUrl: cluster.url,
    dataDir: path.join(workDir, 'data'),
    logFile: path.join(workDir, 'api.log'),
  });
  try {
    const client = new ApiClient(api.url);
    await client.signUp(`outage${randomBytes(2).toString('hex')}`, 'Outage!Test-2026');
    for (let i = 0; i < 20; i++) await client.create('/api/notes/', noteText(i));

    const samples: Sample[] = [];
    let running = true;
    const loops = Array.from({ length: workers }, async (_, w) => {
      for (let i = 0; running; i++) {
        const kind = (i + w) % 3;
        samples.push(
          kind === 0
            ? await send(client, 'GET', '/api/notes/?page=1', undefined)
            : kind === 1
              ? await send(client, 'GET', '/api/todos/', undefined)
              : await send(client, 'POST', '/api/notes/', noteText(i)),
        );
        await sleep(PACE_MS);
      }
    });
    const probe = (async () => {
      while (running) {
        samples.push(await send(client, 'GET', '/readyz', undefined, true));
        await sleep(250);
      }
    })();

    await sleep(3_000);
    const stopBegin = performance.now();
    cluster.stop();
    const down = performance.now();
    await sleep(downSeconds * 1_000);
    const startBegin = performance.now();
    cluster.start();
    const up = performance.now();
    await sleep(8_000);
    running = false;
    await Promise.all([...loops, probe]);

    const alive = api.child.exitCode === null;
    const during = samples.filter((s) => s.start >= down && s.end <= startBegin);
    const apiDuring = during.filter((s) => !s.readyz);
    const unavailable = apiDuring.filter((s) => s.status === 503 && s.detail);
    const other = apiDuring.filter((s) => !(s.status === 503 && s.detail));
    const hangs = apiDuring.filter((s) => s.end - s.start > HANG_MS || s.status === 0);
    const latencies = unavailable.map((s) => s.end - s.start);
    const readyDuring = during.filter((s) => s.readyz);
    const readyDown = readyDuring.filter((s) => s.status === 503).length;

    // Recovery: from the moment the database accepts connections again (pg_ctlcluster start
    // returned), the first time after which every request succeeded.
    const after = samples
      .filter((s) => !s.readyz && s.start >= up)
      .sort((a, b) => a.start - b.start);
    const lastFailure = after.filter((s) => s.status < 200 || s.status >= 300).at(-1);
    // With no failure after that moment, recovery is the first success since.
    const firstOkAfterUp = after.find((s) => s.status >= 200 && s.status < 300);
    const recoveredAt = lastFailure ? lastFailure.end : (firstOkAfterUp?.end ?? up);
    const recoveryMs = recoveredAt - up;
    const okAfter = after.filter((s) => s.status >= 200 && s.status < 300).length;
    const firstReady = samples.find((s) => s.readyz && s.start >= up && s.status === 200);
    const firstOk = samples
      .filter((s) => !s.readyz && s.start >= startBegin && s.status >= 200 && s.status < 300)
      .sort((a, b) => a.end - b.end)[0];
    // Over the whole run, stop and start included: a 2xx, or a 503 with a detail; nothing else.
    const apiAll = samples.filter((s) => !s.readyz);
    const bad = apiAll.filter(
      (s) => !((s.status >= 200 && s.status < 300) || (s.status === 503 && s.detail)),
    );

    console.log(
      `  stop took ${ms(down - stopBegin)}, start took ${ms(up - startBegin)} (pg_ctlcluster)`,
    );
    console.log(
      `  while down (${ms(startBegin - down)}): ${apiDuring.length} API answers, ${unavailable.length} were 503 + JSON detail, ` +
        `${other.length} other, ${hangs.length} hangs/connection errors; 503 latency p50 ${ms(percentile(latencies, 50))}, ` +
        `p99 ${ms(percentile(latencies, 99))}, max ${ms(Math.max(0, ...latencies))}`,
    );
    console.log(`  /readyz while down: ${readyDown}/${readyDuring.length} answered 503`);
    console.log(
      `  after the database was back: recovered in ${ms(recoveryMs)} (every request since succeeded; ${okAfter} succeeded), ` +
        `/readyz 200 after ${firstReady ? ms(firstReady.end - up) : 'never'}; first success ${firstOk ? ms(firstOk.end - startBegin) : 'never'} after the start command; ` +
        `API process ${alive ? 'still the same, never restarted' : 'DIED'}`,
    );
    console.log(
      `  whole run (${apiAll.length} API answers, stop and start included): ${bad.length} were neither 2xx nor 503 + detail` +
        (bad.length
          ? ` (${[...new Set(bad.map((s) => s.error ?? s.status))].slice(0, 5).join(', ')})`
          : ''),
    );
    passed =
      alive &&
      bad.length === 0 &&
      other.length === 0 &&
      hangs.length === 0 &&
      unavailable.length > 0 &&
      readyDown === readyDuring.length &&
      readyDuring.length > 0 &&
      recoveryMs <= RECOVERY_GOAL_MS &&
      okAfter > 0 &&
      firstReady !== undefined;
    console.log(
      `\noutage summary: 503 p99 ${ms(percentile(latencies, 99))} over ${unavailable.length} answers, ${other.length} other answers, ` +
        `${hangs.length} hangs, recovery ${ms(recoveryMs)} (goal <= 5 s) -> ${passed ? 'PASS' : 'FAIL'}`,
    );
  } finally {
    await api.stop('SIGTERM');
  }
} finally {
  try {
    cluster.drop();
  } catch (error) {
    console.log(`  could not drop the cluster: ${String(error)}`);
  }
  rmSync(workDir, { recursive: true, force: true });
}
process.exitCode = passed ? 0 : 1;
