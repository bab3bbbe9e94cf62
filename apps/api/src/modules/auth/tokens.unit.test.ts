import fastifyJwt from '@fastify/jwt';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkSubject, type JwtCodec, TokenService } from './tokens';

let codec: JwtCodec;
beforeAll(async () => {
  const app = Fastify();
  await app.register(fastifyJwt, {
    secret: 's'.repeat(40),
    sign: { algorithm: 'HS256' },
    verify: { algorithms: ['HS256'] },
  });
  await app.ready();
  codec = app.jwt;
});

function service(now: number) {
  return new TokenService(codec, { access: 1800, refresh: 86_400 }, () => now);
}

const alice = { id: 7, token_version: 3 };

describe('TokenService', () => {
  it('issues a pair with the same iat and the configured lifetimes', () => {
    const now = Math.floor(Date.now() / 1000);
    const { refresh, access } = service(now).pair(alice, 11);
    const r = service(now).verify(refresh, 'refresh');
    const a = service(now).verify(access, 'access');
    if (!r.ok || !a.ok) throw new Error('tokens should verify');
    expect(r.claims).toMatchObject({
      token_type: 'refresh',
      iat: now,
      exp: now + 86_400,
      user_id: 7,
      token_version: 3,
      sid: 11,
    });
    expect(a.claims).toMatchObject({ token_type: 'access', iat: now, exp: now + 1800, sid: 11 });
  });

  it('keeps the refresh iat in a refreshed access token, with a fresh expiry', () => {
    const real = Math.floor(Date.now() / 1000);
    const { refresh } = service(real - 600).pair(alice, 11);
    const later = service(real);
    const claims = later.verify(refresh, 'refresh');
    if (!claims.ok) throw new Error('refresh should verify');
    const access = later.verify(later.accessFromRefresh(claims.claims, alice), 'access');
    if (!access.ok) throw new Error('access should verify');
    expect(access.claims.iat).toBe(real - 600);
    expect(access.claims.exp).toBe(real + 1800);
    expect(access.claims.sid).toBe(11);
  });

  it('tells a wrong type from an invalid token', () => {
    const s = service(Math.floor(Date.now() / 1000));
    const { access } = s.pair(alice, 11);
    expect(s.verify(access, 'refresh')).toEqual({ ok: false, reason: 'wrong_type' });
    expect(s.verify('garbage', 'access')).toEqual({ ok: false, reason: 'invalid' });
    expect(s.verify(`${access}x`, 'access')).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses expired tokens and tokens missing a claim', () => {
    const s = service(Math.floor(Date.now() / 1000));
    const { access } = service(1000).pair(alice, 11);
    expect(s.verify(access, 'access')).toEqual({ ok: false, reason: 'invalid' });
    const noVersion = codec.sign({
      token_type: 'access',
      exp: Math.floor(Date.now() / 1000) + 60,
      iat: 1,
      jti: 'x',
      user_id: 7,
    });
    expect(s.verify(noVersion, 'access')).toEqual({ ok: false, reason: 'invalid' });
  });
});

describe('checkSubject (token versioning and sessions)', () => {
  const claims = {
    token_type: 'access' as const,
    exp: 2,
    iat: 1,
    jti: 'j',
    user_id: 7,
    token_version: 3,
  };
  const user = (token_version: number, sessions: number[] = [], sidless_tokens_ended = false) => ({
    id: 7,
    token_version,
    sessions,
    sidless_tokens_ended,
  });

  it('accepts the current version only for a token without a session', () => {
    expect(checkSubject(claims, user(3))).toBe('ok');
    expect(checkSubject(claims, user(4))).toBe('password_changed');
    expect(checkSubject(claims, user(3, [], true))).toBe('session_ended');
  });

  it('accepts a token of a live session whatever its version, and refuses an ended one', () => {
    const withSid = { ...claims, sid: 5 };
    expect(checkSubject(withSid, user(3, [5]))).toBe('ok');
    // The session that changed the password keeps its old tokens (ADR 0417).
    expect(checkSubject(withSid, user(4, [5]))).toBe('ok');
    expect(checkSubject(withSid, user(3, [6]))).toBe('session_ended');
    // Ended by a password change elsewhere.
    expect(checkSubject(withSid, user(4, [6]))).toBe('password_changed');
  });

  it('refuses a user who no longer exists', () => {
    expect(checkSubject(claims, undefined)).toBe('user_not_found');
  });
});
