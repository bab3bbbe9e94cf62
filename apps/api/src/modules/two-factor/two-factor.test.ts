import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type TestUser, useTestApp } from '../../../test/support/app';
import { bearer } from '../../../test/support/inject';
import { totpCode } from '../../../test/support/totp';

/**
 * Two-factor sign-in (ADR 0430) through the API. Codes are computed by the test's own RFC 6238
 * implementation. Only `Date` is faked (timers and I/O run as usual), so a test picks the exact
 * time step each code is checked at.
 */
const ctx = useTestApp();

// 10 s into a 30-second step, so that moving by whole steps never lands on a boundary. Each
// test starts 10 minutes after the last: the code lock's counts (per user id, and ids restart
// with every test) have expired by then.
let t0 = Math.floor(Date.now() / 30_000) * 30_000 + 10_000;
const at = (steps: number) => vi.setSystemTime(t0 + steps * 30_000);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  t0 += 600_000;
  at(0);
});
afterEach(() => vi.useRealTimers());

const LOGIN_FAILED = { detail: 'No active account found with the given credentials' };
const OTP_REQUIRED = { detail: 'Two-factor code required.', code: 'otp_required' };
const OTP_INVALID = { detail: 'Invalid two-factor code.', code: 'otp_invalid' };

const signIn = (
  user: TestUser,
  extra: { otp?: string; recovery_code?: string } = {},
  password = user.password,
) => ctx.request('POST', '/api/token/', { body: { username: user.username, password, ...extra } });

const status = async (user: TestUser) =>
  (await ctx.request('GET', '/api/2fa/', { headers: user.auth })).json();

/** Sets up and confirms two-factor sign-in; the secret and the recovery codes. */
async function enrol(user: TestUser) {
  const setup = await ctx.request('POST', '/api/2fa/totp/setup/', { body: {}, headers: user.auth });
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json() as { secret: string };
  const confirmed = await ctx.request('POST', '/api/2fa/totp/confirm/', {
    body: { code: totpCode(secret) },
    headers: user.auth,
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { secret, codes: (confirmed.json() as { recovery_codes: string[] }).recovery_codes };
}

describe('without two-factor sign-in', () => {
  it('signs in exactly as before, and ignores a code sent anyway', async () => {
    const alice = await ctx.signUp('alice');
    for (const extra of [{}, { otp: '123456' }, { recovery_code: 'abcde-fghij' }]) {
      const res = await signIn(alice, extra);
      expect(res.statusCode).toBe(200);
      expect(Object.keys(res.json())).toEqual(['refresh', 'access']);
    }
    const wrong = await signIn(alice, {}, 'wrong');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toBe(JSON.stringify(LOGIN_FAILED));
    expect(await status(alice)).toEqual({ totp: false, passkeys: 0, recovery_codes_left: 0 });
  });
});

describe('enrolment', () => {
  it('sets up without switching on, then confirms with a code: 10 recovery codes once', async () => {
    const alice = await ctx.signUp('alice');
    const other = (await signIn(alice)).json() as { access: string };
    const setup = await ctx.request('POST', '/api/2fa/totp/setup/', {
      body: {},
      headers: alice.auth,
    });
    expect(setup.statusCode).toBe(200);
    expect(setup.headers['cache-control']).toContain('no-store');
    const body = setup.json() as { secret: string; otpauth_url: string; qr_svg: string };
    expect(Object.keys(body)).toEqual(['secret', 'otpauth_url', 'qr_svg']);
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(body.otpauth_url);
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('secret')).toBe(body.secret);
    expect(url.searchParams.get('issuer')).toBe('Prodify');
    expect(body.qr_svg).toMatch(/^<svg[^>]*>[\s\S]*<\/svg>\s*$/);
    // Nothing is on yet: sign-in needs no code.
    expect(await status(alice)).toEqual({ totp: false, passkeys: 0, recovery_codes_left: 0 });
    expect((await signIn(alice)).statusCode).toBe(200);

    const wrong = await ctx.request('POST', '/api/2fa/totp/confirm/', {
      body: { code: totpCode(body.secret, Date.now(), 3) },
      headers: alice.auth,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: ['Invalid two-factor code.'] });

    const confirmed = await ctx.request('POST', '/api/2fa/totp/confirm/', {
      body: { code: totpCode(body.secret) },
      headers: alice.auth,
    });
    expect(confirmed.statusCode).toBe(200);
    const codes = (confirmed.json() as { recovery_codes: string[] }).recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect(await status(alice)).toEqual({ totp: true, passkeys: 0, recovery_codes_left: 10 });

    // The session that turned it on keeps its tokens; every other session ended.
    expect((await ctx.request('GET', '/api/user/', { headers: alice.auth })).statusCode).toBe(200);
    const ended = await ctx.request('GET', '/api/user/', { headers: bearer(other.access) });
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toMatchObject({ code: 'session_ended' });

    // Stored: the secret encrypted, the recovery codes as keyed hashes; neither readable.
    const db = ctx.db.handle.db;
    const row = await db.selectFrom('user_totp').selectAll().executeTakeFirstOrThrow();
    expect(row.secret_enc).not.toContain(body.secret);
    expect(row.secret_enc).toMatch(/^v1\./);
    const hashes = await db.selectFrom('recovery_codes').select('code_hash').execute();
    expect(hashes).toHaveLength(10);
    const dump = JSON.stringify([row, hashes]);
    for (const code of codes) {
      expect(dump).not.toContain(code);
      expect(dump).not.toContain(code.replace('-', ''));
    }

    // The secret is never answered again.
    const again = await ctx.request('POST', '/api/2fa/totp/setup/', {
      body: {},
      headers: alice.auth,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: 'Two-factor sign-in is already on.' });
    expect(JSON.stringify(await status(alice))).not.toContain(body.secret);
  });

  it('refuses a confirmation without a setup', async () => {
    const alice = await ctx.signUp('alice');
    const res = await ctx.request('POST', '/api/2fa/totp/confirm/', {
      body: { code: '123456' },
      headers: alice.auth,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Set up two-factor sign-in first.' });
  });
});

describe('sign-in with two-factor on', () => {
  it('asks for the code only after the password was checked', async () => {
    const alice = await ctx.signUp('alice');
    const { secret } = await enrol(alice);
    at(1);
    for (const extra of [{}, { otp: totpCode(secret) }, { otp: '000000' }]) {
      const wrong = await signIn(alice, extra, 'wrong-password');
      expect(wrong.statusCode).toBe(401);
      expect(wrong.body).toBe(JSON.stringify(LOGIN_FAILED));
    }
    for (const extra of [{}, { otp: '' }, { otp: '  ' }]) {
      const res = await signIn(alice, extra);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(OTP_REQUIRED);
    }
    const ok = await signIn(alice, { otp: totpCode(secret) });
    expect(ok.statusCode).toBe(200);
    expect(Object.keys(ok.json())).toEqual(['refresh', 'access']);
    const sessions = await ctx.request('GET', '/api/sessions/', {
      headers: bearer((ok.json() as { access: string }).access),
    });
    const current = (sessions.json() as Array<{ current: boolean; method: string }>).find(
      (s) => s.current,
    );
    expect(current?.method).toBe('password+otp');
  });

  it('refuses a wrong code, a replayed code and an earlier step; takes one step early or late', async () => {
    const alice = await ctx.signUp('alice');
    const { secret } = await enrol(alice); // step 0 is used by the confirmation
    at(2);
    const wrong = await signIn(alice, { otp: totpCode(secret, Date.now(), 2) });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(OTP_INVALID);
    // One step late (the code of step 1, at step 2).
    expect((await signIn(alice, { otp: totpCode(secret, Date.now(), -1) })).statusCode).toBe(200);
    // The same code again, within its window: refused.
    const replay = await signIn(alice, { otp: totpCode(secret, Date.now(), -1) });
    expect(replay.json()).toEqual(OTP_INVALID);
    // The current step works; then the earlier step of it is refused too.
    expect((await signIn(alice, { otp: totpCode(secret) })).statusCode).toBe(200);
    expect((await signIn(alice, { otp: totpCode(secret, Date.now(), -1) })).json()).toEqual(
      OTP_INVALID,
    );
    // One step early (the code of step 3, at step 2).
    expect((await signIn(alice, { otp: totpCode(secret, Date.now(), 1) })).statusCode).toBe(200);
    expect((await signIn(alice, { otp: totpCode(secret) })).json()).toEqual(OTP_INVALID);
    // Two steps away: refused.
    at(10);
    expect((await signIn(alice, { otp: totpCode(secret, Date.now(), -2) })).json()).toEqual(
      OTP_INVALID,
    );
    expect((await signIn(alice, { otp: totpCode(secret, Date.now(), 2) })).json()).toEqual(
      OTP_INVALID,
    );
  });

  it('takes each recovery code once, in any spelling, and counts what is left', async () => {
    const alice = await ctx.signUp('alice');
    const { codes } = await enrol(alice);
    const [first = '', second = ''] = codes;
    const used = await signIn(alice, { recovery_code: first });
    expect(used.statusCode).toBe(200);
    const sessions = await ctx.request('GET', '/api/sessions/', {
      headers: bearer((used.json() as { access: string }).access),
    });
    expect(
      (sessions.json() as Array<{ current: boolean; method: string }>).find((s) => s.current)
        ?.method,
    ).toBe('recovery_code');
    expect((await signIn(alice, { recovery_code: first })).json()).toEqual(OTP_INVALID);
    const typed = second.toUpperCase().replace('-', ' ');
    expect((await signIn(alice, { recovery_code: typed })).statusCode).toBe(200);
    expect(await status(alice)).toEqual({ totp: true, passkeys: 0, recovery_codes_left: 8 });
  });
});

describe('turning off and new recovery codes', () => {
  it('need the password and a current code or a recovery code', async () => {
    const alice = await ctx.signUp('alice');
    const { secret, codes } = await enrol(alice);
    const post = (url: string, body: object) =>
      ctx.request('POST', url, { body, headers: alice.auth });
    at(1);
    const cases: Array<[object, object]> = [
      [{ password: 'wrong', code: totpCode(secret) }, { password: ['Incorrect password.'] }],
      [{ password: alice.password }, { code: ['Send a code from your app or a recovery code.'] }],
      [{ password: alice.password, code: '000000' }, { code: ['Invalid two-factor code.'] }],
      [
        { password: alice.password, recovery_code: 'zzzzz-zzzzz' },
        { recovery_code: ['Invalid two-factor code.'] },
      ],
    ];
    for (const url of ['/api/2fa/totp/disable/', '/api/2fa/recovery-codes/']) {
      for (const [body, errors] of cases) {
        const res = await post(url, body);
        expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
        expect(res.json()).toEqual(errors);
      }
    }
    // Those were 4 wrong codes this minute: one more would lock; the next minute starts afresh.
    at(4);
    // New recovery codes end the old set.
    const renewed = await post('/api/2fa/recovery-codes/', {
      password: alice.password,
      code: totpCode(secret),
    });
    expect(renewed.statusCode).toBe(200);
    const fresh = (renewed.json() as { recovery_codes: string[] }).recovery_codes;
    expect(fresh).toHaveLength(10);
    expect(fresh.some((code) => codes.includes(code))).toBe(false);
    expect((await signIn(alice, { recovery_code: codes[0] ?? '' })).json()).toEqual(OTP_INVALID);

    // Off, with a recovery code of the new set.
    const off = await post('/api/2fa/totp/disable/', {
      password: alice.password,
      recovery_code: fresh[0],
    });
    expect(off.statusCode).toBe(204);
    expect(off.body).toBe('');
    expect(await status(alice)).toEqual({ totp: false, passkeys: 0, recovery_codes_left: 0 });
    const plain = await signIn(alice);
    expect(plain.statusCode).toBe(200);
    expect(Object.keys(plain.json())).toEqual(['refresh', 'access']);
    const again = await post('/api/2fa/totp/disable/', { password: alice.password, code: '1' });
    expect(again.json()).toEqual({ detail: 'Two-factor sign-in is not on.' });
  });
});
