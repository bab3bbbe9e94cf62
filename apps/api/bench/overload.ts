/**
 * Overload: how the built API behaves when offered four times what it can serve.
 *
 * 1. Capacity: GET /api/notes/?page=1 (a page of 10, bearer token) at 50 connections, closed
 *    loop: the most it serves, and its latency there.
 * 2. Flood: the same request offered at 4x that rate (autocannon's fixed rate over enough
 *    connections that the rate, not the connections, sets the pace). Overload protection must turn
 *    the excess into fast 503s with `Retry-After` and a JSON `detail`, so that the requests it
 *    accepts keep a bounded latency.
 * 3. Afterwards: /healthz and /readyz answer 200, a normal run sees no 503 and its old latency.
 *
 *   tsx bench/overload.ts [--backend=postgres|pglite] [--duration=10] [--short]
 */
import path from 'node:path';
import { startApi } from './lib/api-process';
import { parseArgs } from './lib/args';
import { freshBackend } from './lib/backend';
import { ApiClient, noteText } from './lib/client';
import { type LoadResult, runLoad } from './lib/load';
import { machineLoad, ms, percentile, sleep } from './lib/stats';

const args = parseArgs();
const short = args.has('short');
const duration = args.number('duration', short ? 4 : 10);
const backendKind = args.string('backend', 'postgres') === 'pglite' ? 'pglite' : 'postgres';
const factor = args.number('factor', 4);
const floodConnections = args.number('connections', 1000);

function line(name: string, r: LoadResult): string {
  const total = r.requests;
  const shed = r.statuses[503] ?? 0;
  return (
    `${name.padEnd(26)} ${String(Math.round(r.rps)).padStart(6)} answers/s, ` +
    `2xx ${Math.round(total - r.non2xx)} (p50 ${ms(r.p50)}, p99 ${ms(r.p99)}, max ${ms(r.max)}), ` +
    `503 ${shed} (${total ? ((100 * shed) / total).toFixed(1) : '0'} %, p99 ${ms(percentile(r.errorLatencies, 99))}), ` +
    `other ${r.non2xx - shed}, socket errors ${r.errors}, timeouts ${r.timeouts}`
  );
}

console.log(
  `overload (${backendKind}): capacity at 50 connections, then a flood at ${factor}x; ${await machineLoad()}`,
);
const backend = await freshBackend(backendKind, 'overload');
let passed = false;
try {
  const api = await startApi({
    databaseUrl: backend.databaseUrl,
    dataDir: backend.dataDir,
    logFile: path.join(backend.workDir, 'api.log'),
    env: { ...(process.env.BENCH_API_ENV ? JSON.parse(process.env.BENCH_API_ENV) : {}) },
    ...(process.env.BENCH_NODE_ARGS ? { nodeArgs: process.env.BENCH_NODE_ARGS.split(' ') } : {}),
  });
  try {
    const client = new ApiClient(api.url);
    await client.signUp('overload', 'Overload!Test-2026');
    for (let i = 0; i < 100; i++) await client.create('/api/notes/', noteText(i));
    const target = {
      url: `${api.url}/api/notes/?page=1`,
      headers: { authorization: `Bearer ${client.token}` },
    };

    await runLoad({ ...target, connections: 50, duration: 2 }); // warm-up
    const capacity = await runLoad({ ...target, connections: 50, duration });
    console.log(`  ${line('capacity (50 conns)', capacity)}`);
    const rate = Math.round(capacity.rps * factor);
    const flood = await runLoad({
      ...target,
      connections: floodConnections,
      duration,
      overallRate: rate,
      timeout: 30,
    });
    console.log(`  ${line(`flood (${rate}/s offered)`, flood)}`);

    // Retry-After and the body of a shed answer, as a client sees them.
    let shedSample = 'none seen';
    const probe = runLoad({
      ...target,
      connections: floodConnections,
      duration: 3,
      overallRate: rate,
    });
    await sleep(1_500);
    for (let i = 0; i < 200; i++) {
      const res = await fetch(target.url, { headers: target.headers });
      const text = await res.text();
      if (res.status === 503) {
        shedSample = `503 Retry-After: ${res.headers.get('retry-after')} ${text}`;
        break;
      }
    }
    await probe;
    console.log(`  a shed answer: ${shedSample}`);

    await sleep(2_000);
    const health = await fetch(`${api.url}/healthz`);
    const ready = await fetch(`${api.url}/readyz`);
    const after = await runLoad({ ...target, connections: 50, duration: short ? 2 : 5 });
    console.log(`  ${line('afterwards (50 conns)', after)}`);
    const alive = api.child.exitCode === null;
    const shedShare = flood.requests ? (flood.statuses[503] ?? 0) / flood.requests : 0;
    console.log(
      `  afterwards: /healthz ${health.status}, /readyz ${ready.status}, process ${alive ? 'alive' : 'DIED'}`,
    );
    passed =
      alive &&
      health.status === 200 &&
      ready.status === 200 &&
      capacity.non2xx === 0 &&
      after.non2xx === 0 &&
      flood.non2xx === (flood.statuses[503] ?? 0) &&
      shedSample.startsWith('503');
    console.log(
      `\noverload summary: capacity ${Math.round(capacity.rps)} req/s (p99 ${ms(capacity.p99)}); at ${factor}x ` +
        `${(100 * shedShare).toFixed(1)} % shed as 503, accepted p99 ${ms(flood.p99)}; afterwards p99 ${ms(after.p99)}, ` +
        `0 errors: ${after.non2xx === 0 ? 'yes' : 'NO'} -> ${passed ? 'PASS' : 'FAIL'}`,
    );
  } finally {
    await api.stop('SIGTERM');
  }
} finally {
  await backend.cleanup();
}
process.exitCode = passed ? 0 : 1;
