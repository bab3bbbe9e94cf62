import { DRF } from '@prodify/contract';
import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { captureLog } from '../../../test/fakes/capture-log';
import { useTestApp } from '../../../test/support/app';
import { staticMigrations } from '../../db/migrate';
import { settleUsernameKeys } from '../../db/username-keys';
import { USERNAME_MIXED_SCRIPTS } from '../../lib/username';

// Low limits keep the lock test short: 3 failed sign-ins a minute per name + IP.
const ctx = useTestApp({ loginFailuresPerMinute: 3 });
const PASSWORD = 'Str0ng!Pass1';

const register = (username: string, remoteAddress = '10.9.0.1') =>
  ctx.request('POST', '/api/user/register/', {
    body: { username, password: PASSWORD },
    remoteAddress,
  });
const login = (username: string, password: string, remoteAddress = '10.0.0.1') =>
  ctx.request('POST', '/api/token/', { body: { username, password }, remoteAddress });

describe('one key per username: NFKC + full case fold (ADR 0416)', () => {
  it('keeps the name as typed and treats fullwidth ＡＬＩＣＥ as alice', async () => {
    const res = await register('ＡＬＩＣＥ');
    expect(res.statusCode).toBe(201);
    expect(res.json().username).toBe('ＡＬＩＣＥ');
    for (const other of ['alice', 'Alice', 'ａｌｉｃｅ']) {
      const taken = await register(other);
      expect(taken.statusCode).toBe(400);
      expect(taken.json()).toEqual({ username: [DRF.usernameTaken] });
    }
    const signedIn = await login('alice', PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    const me = await ctx.request('GET', '/api/user/', {
      headers: { authorization: `Bearer ${signedIn.json().access}` },
    });
    expect(me.json()).toEqual({ username: 'ＡＬＩＣＥ', email: '' });
    const check = await ctx.request('POST', '/api/user/check-username/', {
      body: { username: 'ALICE' },
    });
    expect(check.statusCode).toBe(400);
  });

  it('folds ß and final sigma, which lower() and toLowerCase() leave alone', async () => {
    expect((await register('Straße')).statusCode).toBe(201);
    expect((await register('STRASSE')).json()).toEqual({ username: [DRF.usernameTaken] });
    expect((await register('ΟΔΟΣ')).statusCode).toBe(201);
    expect((await register('οδοσ')).json()).toEqual({ username: [DRF.usernameTaken] });
    expect((await login('strasse', PASSWORD)).statusCode).toBe(200);
    expect((await login('οδος', PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a name that mixes scripts (TS #39), and accepts one script', async () => {
    for (const name of ['p\u0430ypal', '\u0430lice', 'bob\u03bf']) {
      const res = await register(name);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ username: [USERNAME_MIXED_SCRIPTS] });
    }
    expect((await register('алиса')).statusCode).toBe(201);
    expect((await register('山田たろう')).statusCode).toBe(201);
    const user = await ctx.signUp('carol');
    const rename = await ctx.request('PUT', '/api/settings/', {
      headers: user.auth,
      body: { username: 'c\u0430rol', current_password: PASSWORD },
    });
    expect(rename.statusCode).toBe(400);
    expect(rename.json()).toEqual({ username: [USERNAME_MIXED_SCRIPTS] });
  });

  it('renames by key: another spelling of a taken name is taken, of ones own is fine', async () => {
    await ctx.signUp('dave');
    const erin = await ctx.signUp('erin');
    const taken = await ctx.request('PUT', '/api/settings/', {
      headers: erin.auth,
      body: { username: 'ＤＡＶＥ', current_password: PASSWORD },
    });
    expect(taken.json()).toEqual({ username: [DRF.usernameTaken] });
    const own = await ctx.request('PUT', '/api/settings/', {
      headers: erin.auth,
      body: { username: 'ＥＲＩＮ', current_password: PASSWORD },
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().username).toBe('ＥＲＩＮ');
    expect((await login('erin', PASSWORD)).statusCode).toBe(200);
  });
});

describe('the İ bypass of the sign-in lock (issue 13, finding 3)', () => {
  it('shares one lock between every spelling that reaches the account', async () => {
    expect((await register('alice')).statusCode).toBe(201);
    for (const spelling of ['alice', 'ALICE', 'ａｌｉｃｅ']) {
      expect((await login(spelling, 'wrong')).statusCode).toBe(401);
    }
    // Locked: the right password does not work under any spelling, from this address.
    for (const spelling of ['Alice', 'ＡＬＩＣＥ', 'alice']) {
      expect((await login(spelling, PASSWORD)).statusCode).toBe(429);
    }
    // `İ` is not `i` under full case folding: that name is another account (here: nobody),
    // so it neither reaches alice's password nor has a lock of its own on her account.
    expect((await login('alİce', PASSWORD)).statusCode).toBe(401);
    expect((await login('ALİCE', PASSWORD)).statusCode).toBe(401);
    // Elsewhere she still signs in.
    expect((await login('alice', PASSWORD, '10.0.0.2')).statusCode).toBe(200);
  });
});

describe('the migration to username keys', () => {
  it('fills keys oldest first, never merges or drops a colliding account, and reports it', async () => {
    const db = ctx.app.db;
    const migrator = new Migrator({ db, provider: staticMigrations });
    // Back to the schema before the key (only lower() unique), with names that collide by key.
    const down = await migrator.migrateTo('202611231000_list_versions');
    expect(down.error).toBeUndefined();
    try {
      await sql`insert into users (username, password_hash) values
        ('straße', 'x'), ('STRASSE', 'x'), ('Bob', 'x')`.execute(db);
    } finally {
      const up = await migrator.migrateToLatest();
      expect(up.error).toBeUndefined();
    }
    const rows = await db
      .selectFrom('users')
      .select(['id', 'username', 'username_key'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: 1, username: 'straße', username_key: 'strasse' },
      { id: 2, username: 'STRASSE', username_key: null },
      { id: 3, username: 'Bob', username_key: 'bob' },
    ]);

    const { log, entries } = captureLog();
    expect(await settleUsernameKeys(db, log)).toBe(1);
    expect(entries).toEqual([
      expect.objectContaining({
        level: 'warn',
        obj: { user: 2, username: 'STRASSE', key: 'strasse', heldBy: 1 },
      }),
    ]);

    // Once the other account is renamed, the next start gives the key to the younger one.
    await db
      .updateTable('users')
      .set({ username: 'strasse2', username_key: 'strasse2' })
      .where('id', '=', 1)
      .execute();
    expect(await settleUsernameKeys(db, captureLog().log)).toBe(0);
    const settled = await db
      .selectFrom('users')
      .select('username_key')
      .where('id', '=', 2)
      .executeTakeFirst();
    expect(settled?.username_key).toBe('strasse');
  });

  it('lets the account without a key sign in with its exact name', async () => {
    const hash = await ctx.app.passwords.hash(PASSWORD);
    const other = await ctx.app.passwords.hash('Other!Pass2');
    await sql`insert into users (username, username_key, password_hash) values
      ('straße', 'strasse', ${other}), ('STRASSE', null, ${hash})`.execute(ctx.app.db);
    expect((await login('STRASSE', PASSWORD)).statusCode).toBe(200);
    expect((await login('strasse', 'Other!Pass2')).statusCode).toBe(200);
    expect((await register('Strasse')).json()).toEqual({ username: [DRF.usernameTaken] });
  });
});
