import { randomUUID } from 'node:crypto';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/support/app';
import { testConfig } from '../../test/support/config';
import { send } from '../../test/support/inject';
import { buildApp } from '../app';
import type { Config } from '../env';

// Two app instances on one database, as two processes behind a load balancer would run; the
// counters are shared through the local Redis (TEST_REDIS_URL, default 127.0.0.1:6379), under a
// key prefix of their own per test.
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const LIMITS = { loginFailuresPerMinute: 10, rateLimitPerMinute: 1_000 };
const ctx = useTestApp(LIMITS);

const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

/** One instance; `logs` collects its log lines (warnings and up). */
async function instance(redisUrl: string | undefined, prefix: string, more: Partial<Config> = {}) {
  const logs: string[] = [];
  const app = await buildApp({
    config: testConfig({ ...LIMITS, redis: { url: redisUrl, keyPrefix: prefix }, ...more }),
    db: ctx.db.handle,
    summarizer: ctx.summarizer,
    logger: { level: 'info', stream: { write: (line: string) => logs.push(line) } },
  });
  await app.ready();
  apps.push(app);
  return { app, logs };
}

const prefix = () => `prodify-test:${randomUUID()}:`;

const login = (app: FastifyInstance, username: string, password: string) =>
  send(app, {
    method: 'POST',
    url: '/api/token/',
    body: { username, password },
    remoteAddress: '10.7.0.1',
  });

/** `count` wrong passwords for `username`, round-robin over `targets`; the statuses in order. */
async function wrongPasswords(targets: FastifyInstance[], username: string, count: number) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    const app = targets[i % targets.length] as FastifyInstance;
    statuses.push((await login(app, username, `wrong-${i}`)).statusCode);
  }
  return statuses;
}

const tally = (statuses: number[]) => ({
  checked: statuses.filter((s) => s === 401).length,
  refused: statuses.filter((s) => s === 429).length,
  other: statuses.filter((s) => s !== 401 && s !== 429),
});

/** A TCP relay to Redis that the test can cut (as Redis stopping would) and start again. */
async function redisRelay() {
  const target = new URL(REDIS_URL);
  const sockets = new Set<net.Socket>();
  let stalled = false;
  const held: Array<() => void> = [];
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {});
    }
    // While stalled, commands wait here (as in a paused Redis): the connection stays up and
    // nothing answers until the stall ends.
    client.on('data', (chunk) => {
      if (stalled) held.push(() => upstream.write(chunk));
      else upstream.write(chunk);
    });
    upstream.pipe(client);
  });
  const listen = (port = 0) =>
    new Promise<number>((resolve) =>
      server.listen(port, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)),
    );
  const port = await listen();
  return {
    url: `redis://127.0.0.1:${port}`,
    async cut() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
    },
    restart: () => listen(port),
    stall: (on: boolean) => {
      stalled = on;
      if (!on) for (const write of held.splice(0)) write();
    },
  };
}

async function until(condition: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

describe('with REDIS_URL: limits shared by every instance', () => {
  it('checks at most 10 of 30 wrong passwords split over two instances', async () => {
    const shared = prefix();
    const a = await instance(REDIS_URL, shared);
    const b = await instance(REDIS_URL, shared);
    expect(a.app.limitCounters.shared).toBe(true);
    await ctx.signUp('alice');

    const result = tally(await wrongPasswords([a.app, b.app], 'alice', 30));
    expect(result).toEqual({ checked: 10, refused: 20, other: [] });
    // Locked on both, even for the right password.
    expect((await login(a.app, 'alice', 'Str0ng!Pass1')).statusCode).toBe(429);
    expect((await login(b.app, 'alice', 'Str0ng!Pass1')).statusCode).toBe(429);
  });

  it('checks at most 10 of 30 wrong passwords sent at once to two instances', async () => {
    const shared = prefix();
    const a = await instance(REDIS_URL, shared);
    const b = await instance(REDIS_URL, shared);
    await ctx.signUp('alice');
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(i % 2 ? a.app : b.app, 'alice', `guess-${i}`)),
    );
    const result = tally(answers.map((r) => r.statusCode));
    expect(result.other).toEqual([]);
    expect(result.checked).toBeLessThanOrEqual(10);
    expect(result.checked + result.refused).toBe(30);
    // A right password does not count, and gives back its own attempt.
    const c = await instance(REDIS_URL, prefix());
    await ctx.signUp('bob');
    for (let i = 0; i < 12; i++)
      expect((await login(c.app, 'bob', 'Str0ng!Pass1')).statusCode).toBe(200);
    expect(tally(await wrongPasswords([c.app], 'bob', 11))).toEqual({
      checked: 10,
      refused: 1,
      other: [],
    });
  });

  it('shares the per-IP limits', async () => {
    const shared = prefix();
    const limits = { rateLimitPerMinute: 6 };
    const targets = [(await instance(REDIS_URL, shared, limits)).app];
    targets.push((await instance(REDIS_URL, shared, limits)).app);
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) {
      const res = await send(targets[i % 2] as FastifyInstance, {
        method: 'POST',
        url: '/api/user/register/',
        body: { username: `reg${i}`, password: 'Str0ng!Pass1' },
        remoteAddress: '10.7.0.2',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 201, 429, 429, 429]);
  });

  it('keeps apart instances with different key prefixes', async () => {
    const a = await instance(REDIS_URL, prefix());
    const b = await instance(REDIS_URL, prefix());
    await ctx.signUp('bob');
    expect(tally(await wrongPasswords([a.app, b.app], 'bob', 30)).checked).toBe(20);
  });
});

describe('without REDIS_URL: limits per process', () => {
  it('checks at most 10 of 30 wrong passwords sent at once to one instance', async () => {
    const a = await instance(undefined, prefix());
    await ctx.signUp('carol');
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(a.app, 'carol', `guess-${i}`)),
    );
    expect(tally(answers.map((r) => r.statusCode))).toEqual({
      checked: 10,
      refused: 20,
      other: [],
    });
  });

  it('gives each instance its own 10 failures', async () => {
    const a = await instance(undefined, prefix());
    const b = await instance(undefined, prefix());
    expect(a.app.limitCounters.shared).toBe(false);
    await ctx.signUp('carol');
    const result = tally(await wrongPasswords([a.app, b.app], 'carol', 30));
    expect(result).toEqual({ checked: 20, refused: 10, other: [] });
  });
});

describe('when Redis does not answer', () => {
  it('starts, serves and limits per process, with a warning, if Redis is down at start', async () => {
    const closed = net.createServer();
    const port = await new Promise<number>((resolve) =>
      closed.listen(0, '127.0.0.1', () => resolve((closed.address() as net.AddressInfo).port)),
    );
    await new Promise((resolve) => closed.close(resolve));

    const started = Date.now();
    const a = await instance(`redis://127.0.0.1:${port}`, prefix());
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(a.app.limitCounters.shared).toBe(false);
    expect(a.logs.join('')).toContain('Redis does not answer');
    expect(a.logs.join('')).not.toContain('"level":50'); // a warning, not an error

    await ctx.signUp('dave');
    const result = tally(await wrongPasswords([a.app], 'dave', 12));
    expect(result).toEqual({ checked: 10, refused: 2, other: [] });
    const res = await send(a.app, { method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
  });

  it('shares once a Redis that was down at start comes up', async () => {
    const relay = await redisRelay();
    await relay.cut();
    const shared = prefix();
    const a = await instance(relay.url, shared);
    const b = await instance(relay.url, shared);
    expect(a.app.limitCounters.shared).toBe(false);
    await relay.restart();
    const both = () => a.app.limitCounters.shared && b.app.limitCounters.shared;
    expect(await until(both, 10_000)).toBe(true);
    await ctx.signUp('heidi');
    expect(tally(await wrongPasswords([a.app, b.app], 'heidi', 30))).toEqual({
      checked: 10,
      refused: 20,
      other: [],
    });
    await relay.cut();
  });

  it('falls back when Redis goes away mid-run, and shares again once it is back', async () => {
    const relay = await redisRelay();
    const shared = prefix();
    const a = await instance(relay.url, shared);
    const b = await instance(relay.url, shared);
    await ctx.signUp('erin');
    expect(tally(await wrongPasswords([a.app, b.app], 'erin', 4))).toMatchObject({ checked: 4 });

    await relay.cut();
    const during: number[] = [];
    for (let i = 0; i < 12; i++) {
      const started = Date.now();
      during.push((await login(a.app, 'erin', `wrong-again-${i}`)).statusCode);
      expect(Date.now() - started).toBeLessThan(1_500);
    }
    // A fresh count in this process's memory: its own 10, then 429.
    expect(tally(during)).toEqual({ checked: 10, refused: 2, other: [] });
    expect(a.logs.join('')).toContain('Redis does not answer');
    // Sign-up and sign-in go on working.
    const frank = await ctx.signUp('frank');
    expect(frank.access).toBeTruthy();

    await relay.restart();
    expect(await until(() => a.app.limitCounters.shared && b.app.limitCounters.shared, 8_000)).toBe(
      true,
    );
    expect(a.logs.join('')).toContain('Redis answers again');
    // The shared count kept its 4 failures: 6 more are checked, then both refuse.
    const after = tally(await wrongPasswords([b.app, a.app], 'erin', 8));
    expect(after).toEqual({ checked: 6, refused: 2, other: [] });
    await relay.cut();
  });

  it('counts per process, without waiting long, while Redis is connected but does not answer', async () => {
    const relay = await redisRelay();
    const a = await instance(relay.url, prefix());
    expect(a.app.limitCounters.shared).toBe(true);
    await ctx.signUp('grace');
    relay.stall(true);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const started = Date.now();
      statuses.push((await login(a.app, 'grace', `stalled-${i}`)).statusCode);
      // One command timeout (500 ms) at most, then per-process counting without asking Redis.
      expect(Date.now() - started).toBeLessThan(1_500);
    }
    expect(tally(statuses)).toEqual({ checked: 10, refused: 2, other: [] });
    expect(a.logs.join('')).toContain('Redis does not answer');
    // Once it answers again, the counters are shared again (after the 5 s pause).
    relay.stall(false);
    expect(await until(() => a.app.limitCounters.shared, 8_000)).toBe(true);
    await relay.cut();
  });
});
