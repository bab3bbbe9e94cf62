import { DRF } from '@prodify/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/support/app';

const ctx = useTestApp();

const decode = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<
    string,
    unknown
  >;

describe('POST /api/user/register/', () => {
  it('creates a user: 201 {id, username}', async () => {
    const res = await ctx.request('POST', '/api/user/register/', {
      body: { username: 'alice', password: 'Str0ng!Pass1' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.body).toBe('{"id":1,"username":"alice"}');
  });

  it('refuses a taken username, whatever its case', async () => {
    await ctx.signUp('alice');
    for (const username of ['alice', 'ALICE', 'Alice']) {
      const res = await ctx.request('POST', '/api/user/register/', {
        body: { username, password: 'Str0ng!Pass1' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ username: [DRF.usernameTaken] });
    }
  });

  it('names every missing or blank field', async () => {
    const empty = await ctx.request('POST', '/api/user/register/', { body: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toBe(
      '{"username":["This field is required."],"password":["This field is required."]}',
    );
    const noPassword = await ctx.request('POST', '/api/user/register/', {
      body: { username: 'carol' },
    });
    expect(noPassword.json()).toEqual({ password: [DRF.required] });
    const blank = await ctx.request('POST', '/api/user/register/', {
      body: { username: '', password: '' },
    });
    expect(blank.json()).toEqual({ username: [DRF.blank], password: [DRF.blank] });
  });

  it('treats a request without a body as an empty object', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/user/register/' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ username: [DRF.required], password: [DRF.required] });
    const emptyJson = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/register/',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(emptyJson.statusCode).toBe(400);
    expect(emptyJson.json()).toEqual({ username: [DRF.required], password: [DRF.required] });
  });

  it('applies the username rules: characters and 150 at most', async () => {
    const bad = await ctx.request('POST', '/api/user/register/', {
      body: { username: 'bad name!', password: 'Xx1!xxxxx' },
    });
    expect(bad.json()).toEqual({ username: [DRF.usernameInvalid] });
    const long = await ctx.request('POST', '/api/user/register/', {
      body: { username: 'u'.repeat(151), password: 'Xx1!xxxxx' },
    });
    expect(long.json()).toEqual({
      username: ['Ensure this field has no more than 150 characters.'],
    });
    const max = await ctx.request('POST', '/api/user/register/', {
      body: { username: 'u'.repeat(150), password: 'Xx1!xxxxx' },
    });
    expect(max.statusCode).toBe(201);
    const symbols = await ctx.request('POST', '/api/user/register/', {
      body: { username: 'a.b+c-d_e@f', password: 'Xx1!xxxxx' },
    });
    expect(symbols.statusCode).toBe(201);
  });

  it('refuses short, common, numeric and username-like passwords', async () => {
    const short = await ctx.request('POST', '/api/user/register/', {
      body: { username: 'weakpw', password: '123' },
    });
    expect(short.json()).toEqual({
      password: ['This password is too short. It must contain at least 8 characters.'],
    });
    // Characters, not UTF-16 units: four emoji are eight units, as the web's rule counts.
    const astral = await ctx.request('POST', '/api/user/register/', {
      body: { username: 'weakpw', password: '😀🐍🎉🚀' },
    });
    expect(astral.json()).toEqual({
      password: ['This password is too short. It must contain at least 8 characters.'],
    });
    const eight = await ctx.request('POST', '/api/user/register/', {
      body: { username: 'emojipw', password: '😀🐍🎉🚀😀🐍🎉🚀' },
    });
    expect(eight.statusCode).toBe(201);
    const common = await ctx.request('POST', '/api/user/register/', {
      body: { username: 'weakpw', password: 'Password1' },
    });
    expect(common.json()).toEqual({ password: ['This password is too common.'] });
    const numeric = await ctx.request('POST', '/api/user/register/', {
      body: { username: 'weakpw', password: '90817263544' },
    });
    expect(numeric.json()).toEqual({ password: ['This password is entirely numeric.'] });
    const same = await ctx.request('POST', '/api/user/register/', {
      body: { username: 'LongUserName', password: 'longusername' },
    });
    expect(same.json()).toEqual({ password: ['The password is too similar to the username.'] });
    const exactMin = await ctx.request('POST', '/api/user/register/', {
      body: { username: 'okpw', password: 'k8#Lm2pQ' },
    });
    expect(exactMin.statusCode).toBe(201);
  });

  it('reports a taken name and a weak password together', async () => {
    await ctx.signUp('alice');
    const res = await ctx.request('POST', '/api/user/register/', {
      body: { username: 'alice', password: 'qwerty123' },
    });
    expect(res.body).toBe(
      '{"username":["A user with that username already exists."],"password":["This password is too common."]}',
    );
  });

  it('ignores extra fields, including an id', async () => {
    const res = await ctx.request('POST', '/api/user/register/', {
      body: { username: 'dave', password: 'Xx1!xxxxx', id: 999, email: 'd@x.io' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: 1, username: 'dave' });
  });

  it('stores no plain password', async () => {
    await ctx.signUp('alice', 'Str0ng!Pass1');
    const row = await ctx.db.handle.db
      .selectFrom('users')
      .select('password_hash')
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_hash).not.toContain('Str0ng!Pass1');
  });

  it('ignores a bad bearer token (public route)', async () => {
    const res = await ctx.request('POST', '/api/user/register/', {
      body: { username: 'erin', password: 'Xx1!xxxxx' },
      headers: { authorization: 'Bearer garbage' },
    });
    expect(res.statusCode).toBe(201);
  });

  it('answers a concurrent double registration with one 201 and one 400', async () => {
    const [a, b] = await Promise.all(
      [1, 2].map(() =>
        ctx.request('POST', '/api/user/register/', {
          body: { username: 'racer', password: 'Xx1!xxxxx' },
        }),
      ),
    );
    expect([a?.statusCode, b?.statusCode].sort()).toEqual([201, 400]);
  });
});

describe('POST /api/user/check-username/', () => {
  it('says available, taken (any case) or required', async () => {
    await ctx.signUp('alice');
    const free = await ctx.request('POST', '/api/user/check-username/', {
      body: { username: 'nobody_here' },
    });
    expect(free.statusCode).toBe(200);
    expect(free.body).toBe('{"message":"Username is available."}');
    for (const username of ['alice', 'ALICE']) {
      const taken = await ctx.request('POST', '/api/user/check-username/', { body: { username } });
      expect(taken.statusCode).toBe(400);
      expect(taken.body).toBe('{"error":"Username already taken."}');
    }
    for (const body of [{}, { username: '' }, { username: '   ' }]) {
      const missing = await ctx.request('POST', '/api/user/check-username/', { body });
      expect(missing.statusCode).toBe(400);
      expect(missing.body).toBe('{"error":"Username is required."}');
    }
  });

  it('ignores a bad bearer token', async () => {
    const res = await ctx.request('POST', '/api/user/check-username/', {
      body: { username: 'x' },
      headers: { authorization: 'Bearer garbage' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('POST /api/token/', () => {
  it('signs in: {refresh, access} with SimpleJWT claims', async () => {
    await ctx.signUp('alice', 'Str0ng!Pass1');
    const res = await ctx.request('POST', '/api/token/', {
      body: { username: 'alice', password: 'Str0ng!Pass1' },
    });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json())).toEqual(['refresh', 'access']);
    const { access, refresh } = res.json() as { access: string; refresh: string };
    const header = JSON.parse(Buffer.from(access.split('.')[0] ?? '', 'base64url').toString());
    expect(header).toEqual({ alg: 'HS256', typ: 'JWT' });
    const a = decode(access);
    const r = decode(refresh);
    expect(Object.keys(a)).toEqual([
      'token_type',
      'exp',
      'iat',
      'jti',
      'user_id',
      'token_version',
      'sid',
    ]);
    // signUp signed in once already: this is the second session.
    expect(a).toMatchObject({ token_type: 'access', user_id: 1, token_version: 0, sid: 2 });
    expect(r).toMatchObject({ token_type: 'refresh', user_id: 1, sid: 2 });
    expect((a.exp as number) - (a.iat as number)).toBe(1800);
    expect((r.exp as number) - (r.iat as number)).toBe(86400);
    expect(a.jti).toMatch(/^[0-9a-f]{32}$/);
    expect(a.jti).not.toBe(r.jti);
  });

  it('matches the username without regard to case', async () => {
    await ctx.signUp('Alice', 'Str0ng!Pass1');
    const res = await ctx.request('POST', '/api/token/', {
      body: { username: 'aLICE', password: 'Str0ng!Pass1' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('answers 401 for a wrong password and an unknown user alike', async () => {
    await ctx.signUp('alice', 'Str0ng!Pass1');
    for (const body of [
      { username: 'alice', password: 'wrong' },
      { username: 'ghost', password: 'whatever' },
    ]) {
      const res = await ctx.request('POST', '/api/token/', { body });
      expect(res.statusCode).toBe(401);
      expect(res.body).toBe('{"detail":"No active account found with the given credentials"}');
      expect(res.headers['www-authenticate']).toBe('Bearer realm="api"');
    }
  });

  it('validates its fields', async () => {
    const empty = await ctx.request('POST', '/api/token/', { body: {} });
    expect(empty.json()).toEqual({ username: [DRF.required], password: [DRF.required] });
    const blank = await ctx.request('POST', '/api/token/', {
      body: { username: '', password: '' },
    });
    expect(blank.json()).toEqual({ username: [DRF.blank], password: [DRF.blank] });
  });

  it('ignores a bad bearer token', async () => {
    await ctx.signUp('alice', 'Str0ng!Pass1');
    const res = await ctx.request('POST', '/api/token/', {
      body: { username: 'alice', password: 'Str0ng!Pass1' },
      headers: { authorization: 'Bearer garbage' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('POST /api/token/refresh/', () => {
  it('mints an access token that keeps the refresh token iat', async () => {
    const user = await ctx.signUp();
    const res = await ctx.request('POST', '/api/token/refresh/', {
      body: { refresh: user.refresh },
    });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json())).toEqual(['access']);
    const access = decode((res.json() as { access: string }).access);
    expect(access.iat).toBe(decode(user.refresh).iat);
    expect(access.token_type).toBe('access');
    const me = await ctx.request('GET', '/api/user/', {
      headers: { authorization: `Bearer ${(res.json() as { access: string }).access}` },
    });
    expect(me.statusCode).toBe(200);
  });

  it('refuses garbage, an access token, an expired token and a missing field', async () => {
    const user = await ctx.signUp();
    const garbage = await ctx.request('POST', '/api/token/refresh/', {
      body: { refresh: 'garbage' },
    });
    expect(garbage.statusCode).toBe(401);
    expect(garbage.body).toBe('{"detail":"Token is invalid or expired","code":"token_not_valid"}');
    expect(garbage.headers['www-authenticate']).toBe('Bearer realm="api"');

    const wrongType = await ctx.request('POST', '/api/token/refresh/', {
      body: { refresh: user.access },
    });
    expect(wrongType.body).toBe('{"detail":"Token has wrong type","code":"token_not_valid"}');

    const now = Math.floor(Date.now() / 1000);
    const expired = ctx.app.jwt.sign({
      token_type: 'refresh',
      exp: now - 10,
      iat: now - 100,
      jti: 'f'.repeat(32),
      user_id: user.id,
      token_version: 0,
    });
    const old = await ctx.request('POST', '/api/token/refresh/', { body: { refresh: expired } });
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual({ detail: 'Token is invalid or expired', code: 'token_not_valid' });

    const missing = await ctx.request('POST', '/api/token/refresh/', { body: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ refresh: [DRF.required] });
  });

  it('refuses a token signed with another secret', async () => {
    const user = await ctx.signUp();
    const [h, p] = user.refresh.split('.');
    const forged = `${h}.${p}.${'A'.repeat(43)}`;
    const res = await ctx.request('POST', '/api/token/refresh/', { body: { refresh: forged } });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/user/', () => {
  it('answers {username, email}', async () => {
    const user = await ctx.signUp('alice');
    const res = await ctx.request('GET', '/api/user/', { headers: user.auth });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('{"username":"alice","email":""}');
  });

  it('answers every authentication failure as SimpleJWT does', async () => {
    const user = await ctx.signUp();
    const cases: Array<[Record<string, string>, unknown]> = [
      [{}, { detail: DRF.notAuthenticated }],
      [{ authorization: `bearer ${user.access}` }, { detail: DRF.notAuthenticated }],
      [{ authorization: `Token ${user.access}` }, { detail: DRF.notAuthenticated }],
      [
        { authorization: 'Bearer' },
        {
          detail: 'Authorization header must contain two space-delimited values',
          code: 'bad_authorization_header',
        },
      ],
      [
        { authorization: 'Bearer a b' },
        {
          detail: 'Authorization header must contain two space-delimited values',
          code: 'bad_authorization_header',
        },
      ],
      [
        { authorization: 'Bearer garbage' },
        {
          detail: 'Given token not valid for any token type',
          code: 'token_not_valid',
          messages: [
            {
              token_class: 'AccessToken',
              token_type: 'access',
              message: 'Token is invalid or expired',
            },
          ],
        },
      ],
      [
        { authorization: `Bearer ${user.refresh}` },
        {
          detail: 'Given token not valid for any token type',
          code: 'token_not_valid',
          messages: [
            { token_class: 'AccessToken', token_type: 'access', message: 'Token has wrong type' },
          ],
        },
      ],
    ];
    for (const [headers, body] of cases) {
      const res = await ctx.request('GET', '/api/user/', { headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect(res.json()).toEqual(body);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="api"');
    }
  });

  it('refuses an expired access token', async () => {
    const user = await ctx.signUp();
    const now = Math.floor(Date.now() / 1000);
    const expired = ctx.app.jwt.sign({
      token_type: 'access',
      exp: now - 1,
      iat: now - 1801,
      jti: 'e'.repeat(32),
      user_id: user.id,
      token_version: 0,
    });
    const res = await ctx.request('GET', '/api/user/', {
      headers: { authorization: `Bearer ${expired}` },
    });
    expect(res.statusCode).toBe(401);
    expect((res.json() as { code: string }).code).toBe('token_not_valid');
  });

  it('refuses a token without the token version claim', async () => {
    const user = await ctx.signUp();
    const now = Math.floor(Date.now() / 1000);
    const legacy = ctx.app.jwt.sign({
      token_type: 'access',
      exp: now + 60,
      iat: now,
      jti: 'd'.repeat(32),
      user_id: user.id,
    });
    const res = await ctx.request('GET', '/api/user/', {
      headers: { authorization: `Bearer ${legacy}` },
    });
    expect(res.statusCode).toBe(401);
  });
});
