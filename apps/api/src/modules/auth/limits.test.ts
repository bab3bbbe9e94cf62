import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/support/app';
import { loadConfig } from '../../env';

// Low limits make the tests short; the last test runs at the production defaults.
const ctx = useTestApp({ rateLimitPerMinute: 8, loginFailuresPerMinute: 3 });

const register = (username: string, remoteAddress = '10.0.0.1') =>
  ctx.request('POST', '/api/user/register/', {
    body: { username, password: 'Str0ng!Pass1' },
    remoteAddress,
  });

const login = (username: string, password: string, remoteAddress = '10.0.0.1') =>
  ctx.request('POST', '/api/token/', { body: { username, password }, remoteAddress });

function expectThrottled(res: Awaited<ReturnType<typeof login>>) {
  expect(res.statusCode).toBe(429);
  const wait = Number(res.headers['retry-after']);
  expect(wait).toBeGreaterThanOrEqual(1);
  expect(wait).toBeLessThanOrEqual(60);
  expect(res.json()).toEqual({
    detail: `Request was throttled. Expected available in ${wait} second${wait === 1 ? '' : 's'}.`,
  });
}

describe('failed sign-in lockout (per username + IP)', () => {
  it('locks one username on one IP after the limit, even for the right password', async () => {
    expect((await register('alice', '10.9.0.1')).statusCode).toBe(201);
    expect((await register('bob', '10.9.0.2')).statusCode).toBe(201);
    for (let i = 0; i < 3; i++) expect((await login('alice', 'wrong')).statusCode).toBe(401);
    expectThrottled(await login('alice', 'wrong'));
    expectThrottled(await login('ALICE', 'Str0ng!Pass1'));
    // Another account from the same address, and the same account from elsewhere, still work.
    expect((await login('bob', 'Str0ng!Pass1')).statusCode).toBe(200);
    expect((await login('alice', 'Str0ng!Pass1', '10.0.0.2')).statusCode).toBe(200);
  });

  it('does not count successful sign-ins', async () => {
    await register('carol', '10.9.0.3');
    for (let i = 0; i < 2; i++) {
      expect((await login('carol', 'Str0ng!Pass1', '10.0.0.3')).statusCode).toBe(200);
    }
    expect((await login('carol', 'Str0ng!Pass1', '10.0.0.3')).statusCode).toBe(200);
  });
});

describe('per-IP limits', () => {
  it('throttles register after the limit, per address', async () => {
    for (let i = 0; i < 8; i++) expect((await register(`r${i}`, '10.1.0.1')).statusCode).toBe(201);
    expectThrottled(await register('r8', '10.1.0.1'));
    expect((await register('r9', '10.1.0.2')).statusCode).toBe(201);
  });

  it('gives check-username twice the limit', async () => {
    const check = () =>
      ctx.request('POST', '/api/user/check-username/', {
        body: { username: 'someone' },
        remoteAddress: '10.2.0.1',
      });
    for (let i = 0; i < 16; i++) expect((await check()).statusCode).toBe(200);
    expectThrottled(await check());
  });

  it('throttles sign-in attempts per address across usernames', async () => {
    for (let i = 0; i < 8; i++) {
      expect((await login(`nobody${i}`, 'x', '10.3.0.1')).statusCode).toBe(401);
    }
    expectThrottled(await login('nobody9', 'x', '10.3.0.1'));
  });

  it('leaves signed-in routes alone', async () => {
    const user = await ctx.signUp('dave');
    for (let i = 0; i < 20; i++) {
      const res = await ctx.request('GET', '/api/notes/', { headers: user.auth });
      expect(res.statusCode).toBe(200);
    }
  });
});

describe('production defaults', () => {
  it('lock out at the 11th failed sign-in and throttle check-username at the 121st', async () => {
    const defaults = loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40) });
    expect(defaults.loginFailuresPerMinute).toBe(10);
    expect(defaults.rateLimitPerMinute).toBe(60);
    const app = await ctx.buildApp({
      loginFailuresPerMinute: defaults.loginFailuresPerMinute,
      rateLimitPerMinute: defaults.rateLimitPerMinute,
    });
    const post = (url: string, body: object) =>
      app.inject({ method: 'POST', url, payload: body, remoteAddress: '10.4.0.1' });

    await post('/api/user/register/', { username: 'erin', password: 'Str0ng!Pass1' });
    for (let i = 0; i < 10; i++) {
      expect((await post('/api/token/', { username: 'erin', password: 'no' })).statusCode).toBe(
        401,
      );
    }
    expect((await post('/api/token/', { username: 'erin', password: 'no' })).statusCode).toBe(429);

    for (let i = 0; i < 120; i++) {
      const res = await post('/api/user/check-username/', { username: `n${i}` });
      expect(res.statusCode).toBe(200);
    }
    expect((await post('/api/user/check-username/', { username: 'n' })).statusCode).toBe(429);
  });
});
