/**
 * `pnpm bench:cluster`: Prodify as a user who outgrew one machine runs it. A fresh database on
 * the local Postgres (BENCH_DATABASE_URL / DATABASE_URL's server), Redis (REDIS_URL, else the
 * local one on 6379, else one started here), two instances of the built API (`node
 * apps/api/dist/server.js`, NODE_ENV=production, the same JWT_SECRET, DATABASE_URL and
 * REDIS_URL, TRUST_PROXY=1) and HAProxy in front (round robin, health checks on /readyz; installed
 * with apt when missing). Every simulated user connects from its own loopback address, so the
 * per-IP limits stay at their production values. One line per check; a failed check exits 1.
 *
 * Options: --short (CI: 100 users, 2 s throughput runs, 4 s kill run), --users=200,
 * --seconds=5 (each throughput run), --kill-seconds=6. BENCH_DEBUG=1 lists the failed writes of
 * the kill run with their timing.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { type ApiProcess, freePort, startApi } from './lib/api-process';
import { parseArgs } from './lib/args';
import {
  type CheckLine,
  type Cluster,
  idempotency,
  killUnderLoad,
  revocation,
  sessionsAvailable,
  throughput,
  wrongPasswords,
} from './lib/cluster-checks';
import { ensureHaproxy, startHaproxy } from './lib/haproxy';
import { call, clientAddress } from './lib/http';
import { journey, PASSWORD } from './lib/journey';
import { createDatabase } from './lib/postgres';
import { benchRedis } from './lib/redis';
import { machineLoad } from './lib/stats';

const args = parseArgs();
const short = args.has('short');
const users = args.number('users', short ? 100 : 200);
const loadSeconds = args.number('seconds', short ? 2 : 5);
const killSeconds = args.number('kill-seconds', short ? 4 : 6);

const lines: Array<CheckLine & { name: string }> = [];
function report(name: string, line: CheckLine) {
  lines.push({ ...line, name });
  console.log(`${line.verdict.padEnd(17)} ${name}: ${line.text}`);
}

async function main() {
  const haproxyBinary = ensureHaproxy();
  const redis = await benchRedis();
  const database = await createDatabase(undefined, 'prodify_cluster');
  const dir = mkdtempSync(path.join(tmpdir(), 'prodify-cluster-'));
  const runId = randomBytes(3).toString('hex');
  const jwtSecret = randomBytes(48).toString('base64url');
  const instances = new Map<string, ApiProcess>();
  let proxy: Awaited<ReturnType<typeof startHaproxy>> | undefined;
  try {
    // One after the other: the first start migrates the fresh database.
    for (const name of ['api1', 'api2']) {
      const instance = await startApi({
        databaseUrl: database.url,
        dataDir: path.join(dir, name),
        logFile: path.join(dir, `${name}.log`),
        jwtSecret,
        env: {
          REDIS_URL: redis.url,
          REDIS_KEY_PREFIX: `prodify-bench:${runId}:`,
          TRUST_PROXY: '1',
        },
      });
      instances.set(name, instance);
    }
    proxy = await startHaproxy(haproxyBinary, dir, {
      port: await freePort(),
      servers: [...instances].map(([name, api]) => ({ name, port: api.port })),
    });
    await proxy.waitFor(['api1', 'api2'], 'UP');
    const cluster: Cluster = { proxy, instances, runId };
    console.log(
      `bench:cluster: HAProxy on ${proxy.url} → 2 instances, Postgres database ${database.name}, ` +
        `Redis ${redis.url.replace(/\/\/.*@/, '//')}; ${await machineLoad()}`,
    );

    const sessions = await sessionsAvailable(cluster, clientAddress(803));
    const trip = await journey(proxy.url, runId, users, 10, sessions);
    report('journey through the proxy', {
      verdict: trip.errors === 0 ? 'PASS' : 'FAIL',
      text:
        `${trip.users} users (register, sign in, notes, to-dos, events, settings), ` +
        `${trip.requests} requests in ${trip.seconds.toFixed(1)} s, ${trip.errors} errors, ` +
        `${trip.busy} busy answers (503 + Retry-After from the overload guard, sent again)` +
        (sessions
          ? `; ${trip.stale} stale reads of a renamed user's name, each fresh within 1 s`
          : `; ${trip.stale} of ${trip.users} read their old name right after renaming through ` +
            'the other instance (its auth cache, AUTH_CACHE_TTL_MS: instant once cross-instance ' +
            'invalidation lands)') +
        (trip.samples.length ? ` (first: ${trip.samples.join(' | ')})` : ''),
    });

    report('revocation across instances', await revocation(cluster, clientAddress(800), sessions));
    report('Idempotency-Key across instances', await idempotency(cluster, clientAddress(804)));
    report(
      '30 wrong passwords at once for one account',
      await wrongPasswords(cluster, clientAddress(801)),
    );

    const reader = `rd${runId}`;
    const token = await (async () => {
      const body = { username: reader, password: PASSWORD };
      await call(proxy.url, 'POST', '/api/user/register/', {
        body,
        localAddress: clientAddress(802),
      });
      const res = await call<{ access: string }>(proxy.url, 'POST', '/api/token/', {
        body,
        localAddress: clientAddress(802),
      });
      for (let i = 0; i < 20; i++) {
        await call(proxy.url, 'POST', '/api/notes/', {
          token: res.body.access,
          body: { title: `Note ${i}`, content: 'A few words to list.' },
        });
      }
      return res.body.access;
    })();
    const two = await throughput(cluster, token, loadSeconds);
    await proxy.setServer('api2', false);
    await proxy.waitFor(['api2'], 'MAINT');
    const one = await throughput(cluster, token, loadSeconds);
    await proxy.setServer('api2', true);
    await proxy.waitFor(['api2'], 'UP');
    report('req/s through the proxy (GET /api/notes/, 16 connections)', {
      verdict: two.non2xx + one.non2xx === 0 ? 'PASS' : 'FAIL',
      text: `two instances ${Math.round(two.rps)}/s, one instance ${Math.round(one.rps)}/s on ${cpus().length} cores shared with HAProxy, Postgres and the load generator; non-2xx: ${two.non2xx} and ${one.non2xx}`,
    });

    report('kill -9 of one instance under load', await killUnderLoad(cluster, killSeconds));
  } finally {
    await proxy?.stop();
    for (const instance of instances.values()) await instance.stop('SIGTERM');
    await database.drop().catch(() => {});
    redis.stop();
    if (lines.every((l) => l.verdict !== 'FAIL')) rmSync(dir, { recursive: true, force: true });
    else console.log(`logs kept in ${dir}`);
  }
  const failed = lines.filter((l) => l.verdict === 'FAIL');
  if (failed.length > 0) {
    console.log(`bench:cluster: ${failed.length} check(s) failed`);
    process.exit(1);
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
