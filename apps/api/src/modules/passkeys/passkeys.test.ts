import { describe, expect, it } from 'vitest';
import { type TestUser, useTestApp } from '../../../test/support/app';
import { bearer, send } from '../../../test/support/inject';
import { totpCode } from '../../../test/support/totp';
import { SoftAuthenticator } from '../../../test/support/webauthn';

/**
 * Passkeys through the API (ADR 0431), with a software authenticator playing the browser: the
 * relying party comes from PUBLIC_URL (the tests' default: http://localhost:8000).
 */
const ctx = useTestApp();
const device = new SoftAuthenticator();

const post = (url: string, body: object, user?: TestUser, headers: Record<string, string> = {}) =>
  ctx.request('POST', url, { body, headers: { ...headers, ...(user?.auth ?? {}) } });

async function register(user: TestUser, name = 'MacBook') {
  const options = (await post('/api/passkeys/register/options/', {}, user)).json();
  const made = device.create(options);
  const res = await post('/api/passkeys/register/verify/', { name, response: made.response }, user);
  expect(res.statusCode, res.body).toBe(201);
  return { credential: made.credential, passkey: res.json() as { id: number } };
}

async function loginOptions() {
  const res = await post('/api/passkeys/login/options/', {});
  expect(res.statusCode).toBe(200);
  return res.json() as { challenge: string };
}

const FAILED = { detail: 'Passkey sign-in failed.' };

describe('passkeys', () => {
  it('registers a discoverable, user-verifying passkey for PUBLIC_URL whatever the Host header', async () => {
    const alice = await ctx.signUp('alice');
    const res = await post('/api/passkeys/register/options/', {}, alice, { host: 'evil.example' });
    expect(res.statusCode).toBe(200);
    const options = res.json();
    expect(options.rp).toEqual({ name: 'Prodify', id: 'localhost' });
    expect(options.user.name).toBe('alice');
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'required',
    });
    const made = device.create(options);
    const verified = await post(
      '/api/passkeys/register/verify/',
      { name: ' MacBook ', response: made.response },
      alice,
    );
    expect(verified.statusCode).toBe(201);
    const passkey = verified.json();
    expect(passkey).toEqual({
      id: expect.any(Number),
      name: 'MacBook',
      created_at: expect.any(String),
      last_used_at: null,
    });
    const list = await ctx.request('GET', '/api/passkeys/', { headers: alice.auth });
    expect(list.json()).toEqual([passkey]);
    const status = await ctx.request('GET', '/api/2fa/', { headers: alice.auth });
    expect(status.json()).toMatchObject({ passkeys: 1 });
    // The challenge was used up.
    const again = await post(
      '/api/passkeys/register/verify/',
      { name: 'again', response: made.response },
      alice,
    );
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ response: ['The passkey could not be verified.'] });
  });

  it('refuses a registration for another origin, without user verification, or another user’s challenge', async () => {
    const alice = await ctx.signUp('alice');
    const bob = await ctx.signUp('bob');
    const cases = [{ origin: 'http://evil.example' }, { userVerified: false }];
    for (const more of cases) {
      const options = (await post('/api/passkeys/register/options/', {}, alice)).json();
      const made = device.create(options, more);
      const res = await post(
        '/api/passkeys/register/verify/',
        { name: 'x', response: made.response },
        alice,
      );
      expect(res.statusCode, JSON.stringify(more)).toBe(400);
    }
    const options = (await post('/api/passkeys/register/options/', {}, alice)).json();
    const made = device.create(options);
    const res = await post(
      '/api/passkeys/register/verify/',
      { name: 'x', response: made.response },
      bob,
    );
    expect(res.statusCode).toBe(400);
    expect((await ctx.request('GET', '/api/passkeys/', { headers: bob.auth })).json()).toEqual([]);
  });

  it('signs in without username or password, as two factors, across instances', async () => {
    const alice = await ctx.signUp('alice');
    // Two-factor on: a passkey that verified its user needs no code.
    const setup = (await post('/api/2fa/totp/setup/', {}, alice)).json();
    expect(
      (await post('/api/2fa/totp/confirm/', { code: totpCode(setup.secret) }, alice)).statusCode,
    ).toBe(200);
    const { credential, passkey } = await register(alice);
    const other = await ctx.buildApp({});
    const options = (
      await send(other, { method: 'POST', url: '/api/passkeys/login/options/', body: {} })
    ).json();
    expect(options).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    expect(options.allowCredentials ?? []).toEqual([]);
    const answer = device.get(options, credential);
    const res = await post('/api/passkeys/login/verify/', { response: answer });
    expect(res.statusCode, res.body).toBe(200);
    expect(Object.keys(res.json())).toEqual(['refresh', 'access']);
    const access = (res.json() as { access: string }).access;
    const me = await ctx.request('GET', '/api/user/', { headers: bearer(access) });
    expect(me.json()).toEqual({ username: 'alice', email: '' });
    const sessions = (
      await ctx.request('GET', '/api/sessions/', { headers: bearer(access) })
    ).json();
    expect(sessions.find((s: { current: boolean }) => s.current)?.method).toBe('passkey');
    const list = (await ctx.request('GET', '/api/passkeys/', { headers: alice.auth })).json();
    expect(list[0]).toMatchObject({ id: passkey.id, last_used_at: expect.any(String) });
    // Single use: the same answer again is refused.
    const replay = await post('/api/passkeys/login/verify/', { response: answer });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual(FAILED);
  });

  it('refuses a sign-in without user verification, from another origin, or with an expired challenge', async () => {
    const alice = await ctx.signUp('alice');
    const { credential } = await register(alice);
    for (const more of [{ userVerified: false }, { origin: 'https://evil.example' }]) {
      const answer = device.get(await loginOptions(), credential, more);
      const res = await post('/api/passkeys/login/verify/', { response: answer });
      expect(res.statusCode, JSON.stringify(more)).toBe(401);
      expect(res.json()).toEqual(FAILED);
    }
    const options = await loginOptions();
    await ctx.db.handle.db
      .updateTable('webauthn_challenges')
      .set({ expires_at: '2000-01-01T00:00:00Z' })
      .execute();
    const late = await post('/api/passkeys/login/verify/', {
      response: device.get(options, credential),
    });
    expect(late.statusCode).toBe(401);
    // Someone else's credential id, unknown to the server.
    const stranger = new SoftAuthenticator().create({ challenge: 'x', user: { id: 'eA' } });
    const unknown = device.get(await loginOptions(), stranger.credential);
    expect((await post('/api/passkeys/login/verify/', { response: unknown })).statusCode).toBe(401);
  });

  it('removes a passkey: it signs in no more; another user’s is a 404', async () => {
    const alice = await ctx.signUp('alice');
    const bob = await ctx.signUp('bob');
    const { credential, passkey } = await register(alice);
    const foreign = await ctx.request('DELETE', `/api/passkeys/${passkey.id}/`, {
      headers: bob.auth,
    });
    expect(foreign.statusCode).toBe(404);
    const removed = await ctx.request('DELETE', `/api/passkeys/${passkey.id}/`, {
      headers: alice.auth,
    });
    expect(removed.statusCode).toBe(204);
    const answer = device.get(await loginOptions(), credential);
    const res = await post('/api/passkeys/login/verify/', { response: answer });
    expect(res.statusCode).toBe(401);
    expect((await ctx.request('GET', '/api/passkeys/', { headers: alice.auth })).json()).toEqual(
      [],
    );
  });
});
