import { ContractNoBody } from '@ts-rest/core';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { type TestUser, useTestApp } from '../support/app';
import { bearer, send } from '../support/inject';
import { caseRequest, inRunOrder, ROUTE_CASES } from './route-cases';
import {
  CONTRACT_ROUTES,
  claimsFor,
  craftJwt,
  decodePayload,
  PUBLIC_ROUTES,
  readBack,
  resourceOf,
  type Seeded,
  SIGNED_IN_ROUTES,
  seed,
  snapshot,
  urlOf,
} from './support';

/**
 * The access-control matrix, generated from the contract: every route, its method, path and
 * `metadata.auth`. Each route has one valid request (route-cases.ts); the owner's run of it
 * must succeed, anyone else's must leave the owner's data exactly as it was.
 */
const ctx = useTestApp();

const NOT_PROVIDED = { detail: 'Authentication credentials were not provided.' };
const tokenNotValid = (message: string) => ({
  detail: 'Given token not valid for any token type',
  code: 'token_not_valid',
  messages: [{ token_class: 'AccessToken', token_type: 'access', message }],
});
const INVALID = tokenNotValid('Token is invalid or expired');
const WRONG_TYPE = tokenNotValid('Token has wrong type');
const USER_NOT_FOUND = { detail: 'User not found', code: 'user_not_found' };
const PASSWORD_CHANGED = {
  detail: 'Token was revoked by a password change. Please sign in again.',
  code: 'password_changed',
};
const SESSION_ENDED = {
  detail: 'This session was signed out. Please sign in again.',
  code: 'session_ended',
};

async function owner(name: string): Promise<{ user: TestUser; data: Seeded }> {
  const user = await ctx.signUp(name);
  return { user, data: await seed(ctx.app, user) };
}

/** Everything that must not change: the rows in the database and what the API shows. */
async function state(user: TestUser) {
  return { rows: await snapshot(ctx, user.id), api: await readBack(ctx.app, user) };
}

describe('the matrix covers the contract', () => {
  it('has a case for every contract route, and none for a route that is gone', () => {
    const names = CONTRACT_ROUTES.map((r) => r.name).sort();
    expect(Object.keys(ROUTE_CASES).sort()).toEqual(names);
    expect(names.length).toBeGreaterThanOrEqual(26);
  });

  it('knows the public routes by name: any other route needs a user', () => {
    expect(PUBLIC_ROUTES.map((r) => r.name).sort()).toEqual([
      'auth.checkUsername',
      'auth.login',
      'auth.refresh',
      'auth.register',
      'passkeys.loginOptions',
      'passkeys.loginVerify',
      'transfer.feed',
    ]);
    expect(SIGNED_IN_ROUTES.length + PUBLIC_ROUTES.length).toBe(CONTRACT_ROUTES.length);
  });

  it('sends bodies that pass each route’s own schema', async () => {
    const { user, data } = await owner('alice');
    for (const route of CONTRACT_ROUTES) {
      const req = caseRequest(route, user, data);
      const schema = 'body' in route.route ? route.route.body : undefined;
      if (schema && schema !== ContractNoBody) {
        const parsed = (schema as z.ZodTypeAny).safeParse(req.body);
        expect(parsed.success, `${route.name}: ${parsed.error?.message}`).toBe(true);
      } else {
        expect(req.body, route.name).toBeUndefined();
      }
    }
  });
});

describe('owner scoping', () => {
  it('lets the owner run every route (so the refusals below are refusals of valid requests)', async () => {
    const alice = await owner('alice');
    for (const route of inRunOrder()) {
      const res = await send(ctx.app, caseRequest(route, alice.user, alice.data));
      expect(res.statusCode, `${route.name}: ${res.body}`).toBeGreaterThanOrEqual(200);
      expect(res.statusCode, `${route.name}: ${res.body}`).toBeLessThan(300);
    }
  });

  it('answers 404 to another user on every route with an id, for every object, changing nothing', async () => {
    const alice = await owner('alice');
    const bob = await owner('bob');
    const before = await state(alice.user);
    const idRoutes = CONTRACT_ROUTES.filter((r) => r.hasId);
    expect(idRoutes.map((r) => r.name).sort()).toEqual([
      'appPasswords.revoke',
      'events.get',
      'events.patch',
      'events.patchOccurrence',
      'events.remove',
      'events.removeOccurrence',
      'notes.get',
      'notes.remove',
      'notes.summarize',
      'notes.update',
      'passkeys.remove',
      'sessions.end',
      'todos.completions',
      'todos.get',
      'todos.patch',
      'todos.remove',
      'todos.update',
      'trash.removeEvent',
      'trash.removeNote',
      'trash.removeTodo',
      'trash.restoreEvent',
      'trash.restoreNote',
      'trash.restoreTodo',
    ]);
    for (const route of idRoutes) {
      const resource = resourceOf(route);
      // The trash's routes (restores too) are also pointed at Alice's trashed objects.
      const trashed =
        resource !== 'sessions' &&
        resource !== 'appPasswords' &&
        resource !== 'passkeys' &&
        route.name.startsWith('trash.');
      for (const id of [
        ...alice.data[resource],
        ...(trashed ? alice.data.trashed[resource] : []),
      ]) {
        // Bob's own valid request, pointed at Alice's object.
        const req = caseRequest(route, bob.user, bob.data);
        req.url = urlOf(route, id);
        const res = await send(ctx.app, req);
        expect(res.statusCode, `${route.name} ${req.url}`).toBe(404);
        expect(res.body).toBe('{"detail":"Not found."}');
      }
    }
    expect(await state(alice.user)).toEqual(before);
    expect(ctx.summarizer.calls.filter((text) => text.includes('alice'))).toEqual([
      'alice private text 0',
    ]);
  });

  it('leaves the owner’s data unchanged whatever another user does on every route', async () => {
    const alice = await owner('alice');
    const bob = await owner('bob');
    const before = await state(alice.user);
    for (const route of inRunOrder()) {
      const res = await send(ctx.app, caseRequest(route, bob.user, bob.data));
      expect(res.statusCode, `${route.name}: ${res.body}`).toBeLessThan(300);
      expect(await state(alice.user), `after bob's ${route.name}`).toEqual(before);
    }
    // The last case deleted Bob's account (and only his).
    expect((await snapshot(ctx, bob.user.id)).user).toBeUndefined();
  });

  it('lists only the user’s own objects', async () => {
    const alice = await owner('alice');
    const bob = await owner('bob');
    for (const [url, key] of [
      ['/api/notes/', 'notes'],
      ['/api/todos/', 'todos'],
      ['/api/calendar/events/', 'events'],
      ['/api/notes/?page=1&page_size=100', 'notes'],
      ['/api/todos/?page=1&page_size=100', 'todos'],
      ['/api/calendar/events/?from=0001-01-01&to=9999-12-31', 'events'],
    ] as const) {
      const res = await send(ctx.app, { method: 'GET', url, headers: bob.user.auth });
      const body = res.json() as Array<{ id: number }> | { results: Array<{ id: number }> };
      const items = Array.isArray(body) ? body : body.results;
      expect(items.map((i) => i.id).sort(), url).toEqual([...bob.data[key]].sort());
      expect(res.body).not.toContain('alice');
    }
    expect(alice.data.notes).toHaveLength(3);
  });
});

describe('authentication on every signed-in route', () => {
  it('answers 401 with the exact DRF body without a token, and runs nothing', async () => {
    const alice = await owner('alice');
    const before = await state(alice.user);
    for (const route of SIGNED_IN_ROUTES) {
      for (const headers of [{}, { authorization: '' }, { authorization: 'Basic YTpi' }] as Array<
        Record<string, string>
      >) {
        const res = await send(ctx.app, caseRequest(route, alice.user, alice.data, headers));
        expect(res.statusCode, route.name).toBe(401);
        expect(res.body, route.name).toBe(JSON.stringify(NOT_PROVIDED));
        expect(res.headers['www-authenticate']).toBe('Bearer realm="api"');
      }
    }
    expect(await state(alice.user)).toEqual(before);
    expect(ctx.summarizer.calls).toEqual(['alice private text 0']);
  });

  it('answers 401 to expired, tampered, unsigned, foreign, wrong-type and garbage tokens', async () => {
    const alice = await owner('alice');
    const bob = await ctx.signUp('bob');
    const secret = ctx.config.jwtSecret;
    const now = Math.floor(Date.now() / 1000);
    const [header, , signature] = alice.user.access.split('.');
    const payload = decodePayload(alice.user.access);
    const reencode = (claims: Record<string, unknown>) =>
      Buffer.from(JSON.stringify(claims)).toString('base64url');
    const hs256 = { alg: 'HS256', typ: 'JWT' };

    const cases: Array<[string, string, unknown]> = [
      [
        'expired',
        craftJwt(hs256, claimsFor(alice.user.id, { exp: now - 5, iat: now - 1805 }), secret),
        INVALID,
      ],
      [
        'expired long ago',
        craftJwt(hs256, claimsFor(alice.user.id, { exp: 1, iat: 0 }), secret),
        INVALID,
      ],
      [
        'payload changed to another user, signature kept',
        `${header}.${reencode({ ...payload, user_id: bob.id })}.${signature}`,
        INVALID,
      ],
      [
        'expiry pushed back, signature kept',
        `${header}.${reencode({ ...payload, exp: now + 10 ** 8 })}.${signature}`,
        INVALID,
      ],
      [
        'token version changed, signature kept',
        `${header}.${reencode({ ...payload, token_version: 7 })}.${signature}`,
        INVALID,
      ],
      [
        'refresh type claimed, signature kept',
        `${header}.${reencode({ ...payload, token_type: 'refresh' })}.${signature}`,
        INVALID,
      ],
      ['signature cut off', `${header}.${reencode(payload)}.`, INVALID],
      [
        'alg none, no signature',
        craftJwt({ alg: 'none', typ: 'JWT' }, claimsFor(alice.user.id), '').replace(
          /\.[^.]*$/,
          '.',
        ),
        INVALID,
      ],
      [
        'alg none, signature kept',
        `${reencode({ alg: 'none', typ: 'JWT' })}.${reencode(payload)}.${signature}`,
        INVALID,
      ],
      ['alg None', `${reencode({ alg: 'None' })}.${reencode(payload)}.`, INVALID],
      [
        'alg HS512 with the right secret',
        craftJwt({ alg: 'HS512', typ: 'JWT' }, claimsFor(alice.user.id), secret, 'sha512'),
        INVALID,
      ],
      [
        'alg RS256 header on an HMAC',
        craftJwt({ alg: 'RS256', typ: 'JWT' }, claimsFor(alice.user.id), secret),
        INVALID,
      ],
      [
        'signed with another secret',
        craftJwt(hs256, claimsFor(alice.user.id), `${secret}-not`),
        INVALID,
      ],
      ['signed with an empty secret', craftJwt(hs256, claimsFor(alice.user.id), ''), INVALID],
      [
        'user id as a string',
        craftJwt(hs256, claimsFor(alice.user.id, { user_id: String(alice.user.id) }), secret),
        INVALID,
      ],
      [
        'no token version',
        craftJwt(hs256, { ...claimsFor(alice.user.id), token_version: undefined }, secret),
        INVALID,
      ],
      [
        'no expiry',
        craftJwt(hs256, { ...claimsFor(alice.user.id), exp: undefined }, secret),
        INVALID,
      ],
      ['a refresh token', alice.user.refresh, WRONG_TYPE],
      [
        'a made-up token type',
        craftJwt(hs256, claimsFor(alice.user.id, { token_type: 'admin' }), secret),
        INVALID,
      ],
      [
        'a well-signed token of nobody',
        craftJwt(hs256, claimsFor(999_999), secret),
        USER_NOT_FOUND,
      ],
      ['garbage', 'garbage', INVALID],
      ['three empty parts', '..', INVALID],
      ['empty JSON parts', 'e30.e30.e30', INVALID],
      ['a long token', `${header}.${'A'.repeat(4000)}.${signature}`, INVALID],
    ];
    const before = await state(alice.user);
    for (const [label, token, expected] of cases) {
      for (const route of SIGNED_IN_ROUTES) {
        const res = await send(ctx.app, caseRequest(route, alice.user, alice.data, bearer(token)));
        expect(res.statusCode, `${label}: ${route.name}`).toBe(401);
        expect(res.json(), `${label}: ${route.name}`).toEqual(expected);
        expect(res.headers['www-authenticate']).toBe('Bearer realm="api"');
      }
    }
    expect(await state(alice.user)).toEqual(before);
    // The real token still works: the refusals were about the tokens.
    const me = await send(ctx.app, { method: 'GET', url: '/api/user/', headers: alice.user.auth });
    expect(me.statusCode).toBe(200);
  });

  it('refuses every token of another session issued before a password change, on every route and on refresh', async () => {
    const carol = await owner('carol');
    const old = carol.user;
    // The change is made from another device (session): carol.user's session is ended by it.
    const signIn = await send(ctx.app, {
      method: 'POST',
      url: '/api/token/',
      body: { username: old.username, password: old.password },
    });
    const changer = signIn.json() as { access: string };
    const changed = await send(ctx.app, {
      method: 'PUT',
      url: '/api/settings/',
      body: { current_password: old.password, new_password: 'N3w!Passw0rd' },
      headers: bearer(changer.access),
    });
    expect(changed.statusCode).toBe(200);
    const fresh = changed.json() as { access: string; refresh: string };
    const before = await state({ ...old, auth: bearer(fresh.access) });
    for (const route of SIGNED_IN_ROUTES) {
      const res = await send(ctx.app, caseRequest(route, old, carol.data, old.auth));
      expect(res.statusCode, route.name).toBe(401);
      expect(res.json(), route.name).toEqual(PASSWORD_CHANGED);
    }
    const refreshed = await send(ctx.app, {
      method: 'POST',
      url: '/api/token/refresh/',
      body: { refresh: old.refresh },
    });
    expect(refreshed.statusCode).toBe(401);
    expect(refreshed.json()).toEqual(PASSWORD_CHANGED);
    expect(await state({ ...old, auth: bearer(fresh.access) })).toEqual(before);
    // The pair handed out with the change works.
    const me = await send(ctx.app, {
      method: 'GET',
      url: '/api/user/',
      headers: bearer(fresh.access),
    });
    expect(me.statusCode).toBe(200);
    const again = await send(ctx.app, {
      method: 'POST',
      url: '/api/token/refresh/',
      body: { refresh: fresh.refresh },
    });
    expect(again.statusCode).toBe(200);
  });

  it('refuses an ended session’s tokens on every route and on refresh', async () => {
    const erin = await owner('erin');
    const signIn = await send(ctx.app, {
      method: 'POST',
      url: '/api/token/',
      body: { username: erin.user.username, password: erin.user.password },
    });
    const other = signIn.json() as { access: string };
    const sid = decodePayload(erin.user.access).sid as number;
    const ended = await send(ctx.app, {
      method: 'DELETE',
      url: `/api/sessions/${sid}/`,
      headers: bearer(other.access),
    });
    expect(ended.statusCode).toBe(204);
    const before = await state({ ...erin.user, auth: bearer(other.access) });
    for (const route of SIGNED_IN_ROUTES) {
      const res = await send(ctx.app, caseRequest(route, erin.user, erin.data));
      expect(res.statusCode, route.name).toBe(401);
      expect(res.json(), route.name).toEqual(SESSION_ENDED);
    }
    const refreshed = await send(ctx.app, {
      method: 'POST',
      url: '/api/token/refresh/',
      body: { refresh: erin.user.refresh },
    });
    expect(refreshed.json()).toEqual(SESSION_ENDED);
    expect(await state({ ...erin.user, auth: bearer(other.access) })).toEqual(before);
  });

  it('refuses a deleted account’s tokens on every route and on refresh', async () => {
    const dave = await owner('dave');
    const deleted = await send(ctx.app, {
      method: 'POST',
      url: '/api/delete-account/',
      body: { password: dave.user.password },
      headers: dave.user.auth,
    });
    expect(deleted.statusCode).toBe(204);
    for (const route of SIGNED_IN_ROUTES) {
      const res = await send(ctx.app, caseRequest(route, dave.user, dave.data));
      expect(res.statusCode, route.name).toBe(401);
      expect(res.json(), route.name).toEqual(USER_NOT_FOUND);
    }
    const refreshed = await send(ctx.app, {
      method: 'POST',
      url: '/api/token/refresh/',
      body: { refresh: dave.user.refresh },
    });
    expect(refreshed.statusCode).toBe(401);
    expect(refreshed.json()).toEqual(USER_NOT_FOUND);
    // A new account with the same name is another user: the old tokens stay refused.
    const again = await ctx.signUp('dave');
    expect(again.id).not.toBe(dave.user.id);
    const res = await send(ctx.app, { method: 'GET', url: '/api/user/', headers: dave.user.auth });
    expect(res.statusCode).toBe(401);
  });

  it('refuses bad tokens on the refresh route too', async () => {
    const alice = await ctx.signUp('alice');
    const secret = ctx.config.jwtSecret;
    const now = Math.floor(Date.now() / 1000);
    const [header, , signature] = alice.refresh.split('.');
    const payload = decodePayload(alice.refresh);
    const reencode = (claims: Record<string, unknown>) =>
      Buffer.from(JSON.stringify(claims)).toString('base64url');
    const hs256 = { alg: 'HS256', typ: 'JWT' };
    const refreshClaims = (over: Record<string, unknown> = {}) =>
      claimsFor(alice.id, over, 'refresh');
    const invalid = { detail: 'Token is invalid or expired', code: 'token_not_valid' };
    const cases: Array<[string, string, unknown]> = [
      [
        'an access token',
        alice.access,
        { detail: 'Token has wrong type', code: 'token_not_valid' },
      ],
      ['expired', craftJwt(hs256, refreshClaims({ exp: now - 1 }), secret), invalid],
      [
        'another user, signature kept',
        `${header}.${reencode({ ...payload, user_id: alice.id + 1 })}.${signature}`,
        invalid,
      ],
      ['alg none', `${reencode({ alg: 'none' })}.${reencode(payload)}.`, invalid],
      ['another secret', craftJwt(hs256, refreshClaims(), `${secret}x`), invalid],
      ['garbage', 'garbage', invalid],
    ];
    for (const [label, token, expected] of cases) {
      const res = await send(ctx.app, {
        method: 'POST',
        url: '/api/token/refresh/',
        body: { refresh: token },
      });
      expect(res.statusCode, label).toBe(401);
      expect(res.json(), label).toEqual(expected);
    }
  });
});

describe('public routes', () => {
  it('work with a missing, bad or stale bearer token alike (they never read it)', async () => {
    const alice = await owner('alice');
    const expired = craftJwt(
      { alg: 'HS256', typ: 'JWT' },
      claimsFor(alice.user.id, { exp: 1, iat: 0 }),
      ctx.config.jwtSecret,
    );
    for (const headers of [{}, bearer('garbage'), bearer(expired), { authorization: 'Basic x' }]) {
      for (const route of PUBLIC_ROUTES) {
        const res = await send(ctx.app, caseRequest(route, alice.user, alice.data, headers));
        expect(
          res.statusCode,
          `${route.name} ${JSON.stringify(headers)}: ${res.body}`,
        ).toBeLessThan(300);
      }
    }
  });
});
