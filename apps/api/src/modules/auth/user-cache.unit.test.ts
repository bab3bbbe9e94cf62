import { describe, expect, it } from 'vitest';
import { AuthUserCache } from './user-cache';
import type { AuthUser } from './users.queries';

const alice = (version = 0): AuthUser => ({
  id: 1,
  username: 'alice',
  token_version: version,
  sidless_tokens_ended: false,
  sessions: [],
});

/** A promise the test resolves by hand, to interleave a read with an invalidation. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

function clock(start = 1_000) {
  const c = { now: start, tick: (ms: number) => (c.now += ms) };
  return c;
}

describe('AuthUserCache', () => {
  it('reads the database once per user until the entry expires', async () => {
    const time = clock();
    const cache = new AuthUserCache({ ttlMs: 5_000, now: () => time.now });
    let loads = 0;
    const load = async () => {
      loads++;
      return alice();
    };
    expect(await cache.get(1, load)).toEqual(alice());
    time.tick(4_999);
    expect(await cache.get(1, load)).toEqual(alice());
    expect(loads).toBe(1);
    time.tick(1);
    await cache.get(1, load);
    expect(loads).toBe(2);
  });

  it('shares one read among concurrent requests', async () => {
    const cache = new AuthUserCache({ ttlMs: 5_000 });
    const row = deferred<AuthUser>();
    let loads = 0;
    const load = () => {
      loads++;
      return row.promise;
    };
    const both = Promise.all([cache.get(1, load), cache.get(1, load)]);
    row.resolve(alice());
    expect(await both).toEqual([alice(), alice()]);
    expect(loads).toBe(1);
  });

  it('forgets a user at once when invalidated', async () => {
    const cache = new AuthUserCache({ ttlMs: 60_000 });
    let version = 0;
    const load = async () => alice(version);
    expect((await cache.get(1, load))?.token_version).toBe(0);
    version = 1; // the password change commits...
    cache.invalidate(1); // ...then the route invalidates
    expect((await cache.get(1, load))?.token_version).toBe(1);
  });

  it('does not store a read that was under way when the user changed', async () => {
    const cache = new AuthUserCache({ ttlMs: 60_000 });
    const stale = deferred<AuthUser>();
    // A request reads the row before the password change commits...
    const racing = cache.get(1, () => stale.promise);
    // ...the change commits and invalidates while that read is still on its way...
    cache.invalidate(1);
    stale.resolve(alice(0));
    expect((await racing)?.token_version).toBe(0);
    // ...and the old version must not have been kept for the next requests.
    expect((await cache.get(1, async () => alice(1)))?.token_version).toBe(1);
  });

  it('does not remember users that do not exist, nor failed reads', async () => {
    const cache = new AuthUserCache({ ttlMs: 60_000 });
    let loads = 0;
    expect(
      await cache.get(1, async () => {
        loads++;
        return undefined;
      }),
    ).toBeUndefined();
    await expect(cache.get(1, () => Promise.reject(new Error('db down')))).rejects.toThrow(
      'db down',
    );
    expect(await cache.get(1, async () => alice())).toEqual(alice());
    expect(loads).toBe(1);
  });

  it('keeps at most maxEntries users, dropping the oldest', async () => {
    const cache = new AuthUserCache({ ttlMs: 60_000, maxEntries: 2 });
    const loads: number[] = [];
    const load = async (id: number) => {
      loads.push(id);
      return {
        id,
        username: `u${id}`,
        token_version: 0,
        sidless_tokens_ended: false,
        sessions: [],
      };
    };
    await cache.get(1, load);
    await cache.get(2, load);
    await cache.get(3, load);
    expect(cache.size).toBe(2);
    await cache.get(3, load);
    await cache.get(1, load);
    expect(loads).toEqual([1, 2, 3, 1]);
  });

  it('reads every time with a TTL of 0, and hands out frozen users', async () => {
    const off = new AuthUserCache({ ttlMs: 0 });
    let loads = 0;
    const load = async () => {
      loads++;
      return alice();
    };
    await off.get(1, load);
    await off.get(1, load);
    expect(loads).toBe(2);
    const on = new AuthUserCache({ ttlMs: 1_000 });
    await on.get(1, load);
    expect(Object.isFrozen(await on.get(1, load))).toBe(true);
  });
});
