import { randomUUID } from 'node:crypto';
import type { ApiProcess } from './api-process';
import type { Haproxy } from './haproxy';
import { call, clientAddress, pool } from './http';
import { PASSWORD } from './journey';
import { runLoad } from './load';
import { sleep } from './stats';

export interface Cluster {
  proxy: Haproxy;
  /** The instances by their HAProxy server name (api1, api2). */
  instances: Map<string, ApiProcess>;
  runId: string;
}

/**
 * Whether this branch has sessions (and with them LISTEN/NOTIFY revocation, issue 13): probed
 * once through the proxy with a fresh user.
 */
export async function sessionsAvailable(cluster: Cluster, address: string): Promise<boolean> {
  const token = await signUp(cluster.proxy.url, `se${cluster.runId}`, address);
  const res = await call(cluster.proxy.url, 'GET', '/api/sessions/', { token });
  return res.status === 200;
}

/** PASS, FAIL, or a check that cannot run on this branch yet (neither a pass nor a failure). */
export type Verdict = 'PASS' | 'FAIL' | 'not available yet';

export interface CheckLine {
  verdict: Verdict;
  text: string;
}

async function signUp(base: string, username: string, address: string) {
  const body = { username, password: PASSWORD };
  const registered = await call(base, 'POST', '/api/user/register/', {
    body,
    localAddress: address,
  });
  if (registered.status !== 201) throw new Error(`register ${username}: ${registered.status}`);
  const login = await call<{ access: string }>(base, 'POST', '/api/token/', {
    body,
    localAddress: address,
  });
  if (login.status !== 200) throw new Error(`sign-in ${username}: ${login.status}`);
  return login.body.access;
}

/**
 * A password change through one instance; the old access token of another session of the same
 * user, on the other instance (whose auth cache has just seen it), must be refused within 1 s.
 * That needs sessions and LISTEN/NOTIFY revocation: without `/api/sessions/` on this branch the
 * check says so, and only reports how long the auth cache took.
 */
export async function revocation(
  cluster: Cluster,
  address: string,
  available: boolean,
): Promise<CheckLine> {
  const one = cluster.instances.get('api1') as ApiProcess;
  const other = cluster.instances.get('api2') as ApiProcess;
  const username = `rev${cluster.runId}`;
  await signUp(cluster.proxy.url, username, address);
  const body = { username, password: PASSWORD };
  const first = await call<{ access: string }>(one.url, 'POST', '/api/token/', { body });
  const second = await call<{ access: string }>(other.url, 'POST', '/api/token/', { body });
  const warm = await call(other.url, 'GET', '/api/notes/', { token: second.body.access });
  if (warm.status !== 200)
    return { verdict: 'FAIL', text: `old session not usable: ${warm.status}` };

  const changed = await call(one.url, 'PUT', '/api/settings/', {
    token: first.body.access,
    body: { current_password: PASSWORD, new_password: 'Bench!Pass-2027-new' },
  });
  if (changed.status !== 200)
    return { verdict: 'FAIL', text: `password change: ${changed.status}` };
  const since = performance.now();
  let refusedAfter: number | undefined;
  while (performance.now() - since < 10_000) {
    const res = await call(other.url, 'GET', '/api/notes/', { token: second.body.access });
    if (res.status === 401) {
      refusedAfter = performance.now() - since;
      break;
    }
    await sleep(20);
  }
  const took =
    refusedAfter === undefined ? 'not within 10 s' : `after ${Math.round(refusedAfter)} ms`;
  if (!available) {
    return {
      verdict: 'not available yet',
      text: `no sessions or LISTEN/NOTIFY on this branch; the old token was refused ${took} (the auth cache, AUTH_CACHE_TTL_MS)`,
    };
  }
  const ok = refusedAfter !== undefined && refusedAfter <= 1_000;
  return { verdict: ok ? 'PASS' : 'FAIL', text: `old token of another session refused ${took}` };
}

/** 30 wrong passwords for one account through the proxy, sent at once from one client. */
/**
 * An Idempotency-Key sent to one instance and repeated on the other gets the first answer and
 * writes once (ADR 0426); so do two copies of one keyed request sent to both at the same time.
 */
export async function idempotency(cluster: Cluster, address: string): Promise<CheckLine> {
  const one = cluster.instances.get('api1') as ApiProcess;
  const other = cluster.instances.get('api2') as ApiProcess;
  const username = `idem${cluster.runId}`;
  await signUp(cluster.proxy.url, username, address);
  const signIn = await call<{ access: string }>(one.url, 'POST', '/api/token/', {
    body: { username, password: PASSWORD },
  });
  const token = signIn.body.access;
  const keyed = (base: string, key: string, task: string) =>
    call<{ id: number }>(base, 'POST', '/api/todos/', {
      token,
      body: { task },
      headers: { 'idempotency-key': key },
    });
  const key = randomUUID();
  const first = await keyed(one.url, key, 'Sent once');
  const repeat = await keyed(other.url, key, 'Sent once');
  const raceKey = randomUUID();
  const raced = await Promise.all([
    keyed(one.url, raceKey, 'Raced'),
    keyed(other.url, raceKey, 'Raced'),
  ]);
  const list = await call<unknown[]>(cluster.proxy.url, 'GET', '/api/todos/', { token });
  const count = Array.isArray(list.body) ? list.body.length : -1;
  const ok =
    first.status === 201 &&
    repeat.status === 201 &&
    repeat.body?.id === first.body?.id &&
    raced.every((r) => r.status === 201) &&
    raced[0].body?.id === raced[1].body?.id &&
    count === 2;
  return {
    verdict: ok ? 'PASS' : 'FAIL',
    text:
      `a key sent to api1 and repeated on api2: ${first.status} then ${repeat.status}, ` +
      `same id ${repeat.body?.id === first.body?.id}; one key raced on both: ` +
      `${raced.map((r) => r.status).join(' and ')}, same id ${raced[0].body?.id === raced[1].body?.id}; ` +
      `${count} to-dos stored (2 expected)`,
  };
}

export async function wrongPasswords(cluster: Cluster, address: string): Promise<CheckLine> {
  const username = `wp${cluster.runId}`;
  await signUp(cluster.proxy.url, username, clientAddress(900));
  const before = await cluster.proxy.stats();
  // All at once: a lock that checks before it counts would let every one of them through.
  const answers = await Promise.all(
    Array.from({ length: 30 }, (_, i) =>
      call(cluster.proxy.url, 'POST', '/api/token/', {
        body: { username, password: `not-it-${i}` },
        localAddress: address,
      }),
    ),
  );
  const statuses = answers.map((a) => a.status);
  const after = await cluster.proxy.stats();
  const spread = after
    .map((s) => `${s.name} ${s.total - (before.find((b) => b.name === s.name)?.total ?? 0)}`)
    .join(', ');
  const checked = statuses.filter((s) => s === 401).length;
  const refused = statuses.filter((s) => s === 429).length;
  const ok = checked <= 10 && checked + refused === 30;
  return {
    verdict: ok ? 'PASS' : 'FAIL',
    text: `${checked} checked (401), ${refused} refused (429), ${30 - checked - refused} other; requests per instance: ${spread}`,
  };
}

/** req/s of GET /api/notes/ through the proxy. */
export async function throughput(cluster: Cluster, token: string, seconds: number) {
  const result = await runLoad({
    url: `${cluster.proxy.url}/api/notes/`,
    headers: { authorization: `Bearer ${token}` },
    connections: 16,
    duration: seconds,
  });
  return { rps: result.rps, non2xx: result.non2xx + result.errors };
}

interface Write {
  user: number;
  start: number;
  end: number;
  status: number;
  id?: number;
  error?: string | undefined;
}

/**
 * Notes created without pause by 16 clients through the proxy; a third of the way in, kill -9 of
 * api2. Every acknowledged note must exist afterwards, and every failed request must have been
 * in flight at the moment of the kill.
 */
export async function killUnderLoad(cluster: Cluster, seconds: number): Promise<CheckLine> {
  const writers = 8;
  const tokens = await pool(
    Array.from({ length: writers }, (_, i) => i),
    4,
    (i) => signUp(cluster.proxy.url, `kw${cluster.runId}u${i}`, clientAddress(950 + i)),
  );
  const victim = cluster.instances.get('api2') as ApiProcess;
  const writes: Write[] = [];
  const started = performance.now();
  const stopAt = started + seconds * 1000;
  let killedAt = Number.POSITIVE_INFINITY;
  let diedAt = Number.POSITIVE_INFINITY;
  let inFlightOnVictim = 0;
  let busy = 0;

  const killer = (async () => {
    await sleep((seconds * 1000) / 3);
    inFlightOnVictim = (await cluster.proxy.stats()).find((s) => s.name === 'api2')?.current ?? 0;
    killedAt = performance.now();
    await victim.killAll();
    // On a loaded machine the process may still serve for a few ms after the signal.
    diedAt = performance.now();
  })();
  await pool(
    Array.from({ length: 16 }, (_, i) => i),
    16,
    async (loop) => {
      for (let n = 0; performance.now() < stopAt; n++) {
        const user = loop % writers;
        const start = performance.now();
        const res = await call<{ id: number }>(cluster.proxy.url, 'POST', '/api/notes/', {
          token: tokens[user],
          body: { title: `w${loop}-${n}`, content: 'Written while an instance dies.' },
          localAddress: clientAddress(950 + user),
        });
        // The overload guard refused it before any work (a loaded machine): not a write, not
        // a failure of the kill; counted and sent again by the next turn of the loop.
        if (res.status === 503 && res.retryAfter) {
          busy += 1;
          continue;
        }
        const write: Write = {
          user,
          start,
          end: performance.now(),
          status: res.status,
          error: res.error ?? (res.status === 201 ? undefined : JSON.stringify(res.body)),
        };
        if (res.status === 201) write.id = res.body.id;
        writes.push(write);
      }
    },
  );
  await killer;
  const downStatus = (await cluster.proxy.stats()).find((s) => s.name === 'api2')?.status;

  const acknowledged = writes.filter((w) => w.id !== undefined);
  let lost = 0;
  for (let user = 0; user < writers; user++) {
    const list = await call<Array<{ id: number }>>(cluster.proxy.url, 'GET', '/api/notes/', {
      token: tokens[user],
    });
    const have = new Set(list.status === 200 ? list.body.map((n) => n.id) : []);
    lost += acknowledged.filter((w) => w.user === user && !have.has(w.id as number)).length;
  }
  const failed = writes.filter((w) => w.status !== 201);
  if (process.env.BENCH_DEBUG) {
    for (const w of failed) {
      console.log(
        `failed ${w.status}: start ${Math.round(w.start - killedAt)} ms, end ${Math.round(w.end - killedAt)} ms after the kill ${w.error ?? ''}`,
      );
    }
  }
  const inFlight = (w: Write) => w.start < diedAt && w.end > killedAt;
  const inFlightAtKill = writes.filter(inFlight).length;
  const strayFailures = failed.filter((w) => !inFlight(w)).length;
  const servedAfter = acknowledged.filter((w) => w.start > killedAt + 1_000).length;
  const ok =
    lost === 0 && strayFailures === 0 && servedAfter > 0 && downStatus?.startsWith('DOWN') === true;
  return {
    verdict: ok ? 'PASS' : 'FAIL',
    text:
      `${acknowledged.length} acknowledged writes, ${lost} lost; ${failed.length} failed, ` +
      `${strayFailures} of them outside the ${Math.round(diedAt - killedAt)} ms between the ` +
      `signal and the process's end (HAProxy had ${inFlightOnVictim} requests on it at the ` +
      `signal; ${inFlightAtKill} requests on both overlapped that window); api2 ${downStatus}, ` +
      `${servedAfter} writes served from 1 s after the kill; ${busy} busy answers (503 + ` +
      'Retry-After) sent again',
  };
}
