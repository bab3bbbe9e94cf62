import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { type TestUser, useTestApp } from '../../../test/support/app';
import { send, signUp } from '../../../test/support/inject';
import { totpCode } from '../../../test/support/totp';

/**
 * The code lock (ADR 0430): five wrong codes a minute, TOTP and recovery codes together, lock
 * code checks for the account from anywhere, and two instances sharing the limit store (Redis,
 * as in ADR 0418: TEST_REDIS_URL, default 127.0.0.1:6379) count them once.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const ctx = useTestApp();

const signIn = (app: FastifyInstance, user: TestUser, extra: object, ip = '10.8.0.1') =>
  send(app, {
    method: 'POST',
    url: '/api/token/',
    body: { username: user.username, password: user.password, ...extra },
    remoteAddress: ip,
  });

/**
 * A user with two-factor on, made through `app`. Ids restart with every test, so a test that
 * locks user 1 on the shared app makes the next test's user 1 through an app of its own.
 */
async function enrolled(name: string, app = ctx.app) {
  const user = await signUp(app, name);
  const post = (url: string, body: object) =>
    send(app, { method: 'POST', url, body, headers: user.auth });
  const setup = await post('/api/2fa/totp/setup/', {});
  const { secret } = setup.json() as { secret: string };
  // The confirmation uses the code of the step before now, so that now's code is still fresh.
  const confirmed = await post('/api/2fa/totp/confirm/', {
    code: totpCode(secret, Date.now(), -1),
  });
  expect(confirmed.statusCode).toBe(200);
  return { user, secret };
}

function expectLocked(res: Awaited<ReturnType<typeof signIn>>) {
  expect(res.statusCode).toBe(429);
  const wait = Number(res.headers['retry-after']);
  expect(wait).toBeGreaterThanOrEqual(1);
  expect(wait).toBeLessThanOrEqual(60);
  expect(res.json()).toEqual({
    detail: `Request was throttled. Expected available in ${wait} second${wait === 1 ? '' : 's'}.`,
  });
}

describe('the code lock', () => {
  it('locks code checks for the account after five wrong codes, from any address', async () => {
    const { user, secret } = await enrolled('alice');
    const other = await enrolled('bob');
    const wrong = [
      { otp: '000000' },
      { recovery_code: 'zzzzz-zzzzz' },
      { otp: '111111' },
      { recovery_code: 'yyyyy-yyyyy' },
      { otp: '222222' },
    ];
    for (const [i, extra] of wrong.entries()) {
      const res = await signIn(ctx.app, user, extra, `10.8.0.${i + 1}`);
      expect(res.statusCode, JSON.stringify(extra)).toBe(401);
      expect(res.json()).toMatchObject({ code: 'otp_invalid' });
    }
    // The right code is not even checked now, from yet another address; nor are settings codes.
    expectLocked(await signIn(ctx.app, user, { otp: totpCode(secret) }, '10.8.9.9'));
    expectLocked(
      await ctx.request('POST', '/api/2fa/recovery-codes/', {
        body: { password: user.password, code: totpCode(secret) },
        headers: user.auth,
      }),
    );
    // Before the password: a wrong password is the ordinary answer, and says nothing of the lock.
    const noPassword = await signIn(ctx.app, { ...user, password: 'wrong' }, {});
    expect(noPassword.statusCode).toBe(401);
    expect(noPassword.json()).toEqual({
      detail: 'No active account found with the given credentials',
    });
    // Another account is not locked.
    expect((await signIn(ctx.app, other.user, { otp: totpCode(other.secret) })).statusCode).toBe(
      200,
    );
  });

  it('counts once across two instances sharing the limit store', async () => {
    const prefix = `prodify-test:${randomUUID()}:`;
    const redis = { url: REDIS_URL, keyPrefix: prefix };
    const a = await ctx.buildApp({ redis });
    const b = await ctx.buildApp({ redis });
    await a.ready();
    await b.ready();
    expect(a.limitCounters.shared && b.limitCounters.shared).toBe(true);
    const { user, secret } = await enrolled('alice', a);
    for (let i = 0; i < 5; i++) {
      const res = await signIn(i % 2 === 0 ? a : b, user, { otp: `00000${i}` });
      expect(res.statusCode, `wrong code ${i + 1}`).toBe(401);
    }
    expectLocked(await signIn(a, user, { otp: totpCode(secret) }));
    expectLocked(await signIn(b, user, { otp: totpCode(secret) }));
  });

  it('accepts a code sent to two instances at once only once', async () => {
    const a = await ctx.buildApp({});
    const b = await ctx.buildApp({});
    const { user, secret } = await enrolled('alice', a);
    const code = totpCode(secret);
    const answers = await Promise.all([
      signIn(a, user, { otp: code }),
      signIn(b, user, { otp: code }),
      signIn(a, user, { otp: code }),
      signIn(b, user, { otp: code }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401, 401, 401]);
  });
});
