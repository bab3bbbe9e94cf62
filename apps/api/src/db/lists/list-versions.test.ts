import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/support/app';
import { VersionBatcher } from './list-versions';

const ctx = useTestApp();

describe('batched version checks (ADR 0427)', () => {
  it('never answer a read with a list older than a write acknowledged before it, on two instances', async () => {
    const alice = await ctx.signUp('alice');
    const other = await ctx.buildApp({});
    const read = async () => {
      const res = await ctx.request('GET', '/api/notes/', { headers: alice.auth });
      return (res.json() as { title: string }[]).map((n) => n.title);
    };
    await ctx.request('POST', '/api/notes/', {
      body: { title: 'first', content: 'x' },
      headers: alice.auth,
    });
    await read(); // cached from here on
    const hitsBefore = ctx.app.listCache.stats().hits;
    for (let round = 0; round < 5; round++) {
      // Reads in flight while another instance writes...
      const during = Array.from({ length: 15 }, () => read());
      const title = `written ${round}`;
      const write = await other.inject({
        method: 'POST',
        url: '/api/notes/',
        headers: { ...alice.auth, 'content-type': 'application/json' },
        payload: JSON.stringify({ title, content: 'x' }),
      });
      expect(write.statusCode).toBe(201);
      // ...and every read that starts after the write was acknowledged sees it.
      const after = await Promise.all([...Array.from({ length: 15 }, () => read()), ...during]);
      for (const titles of after.slice(0, 15)) expect(titles).toContain(title);
    }
    // The checks were answered from the cache (the batching path), not by loading the lists.
    expect(ctx.app.listCache.stats().hits).toBeGreaterThan(hitsBefore);
  });
});

describe('VersionBatcher', () => {
  it('asks once for the users waiting, and never answers a check with a read sent before it', async () => {
    const statements: number[][] = [];
    let version = 1;
    const gates: (() => void)[] = [];
    const batcher = new VersionBatcher(async (ids) => {
      statements.push([...ids]);
      const seen = version; // the value at the moment the statement is sent
      await new Promise<void>((resolve) => gates.push(resolve));
      return new Map(ids.map((id) => [id, seen]));
    });
    const first = batcher.version(1);
    // While the first statement is in flight: a write, then more checks.
    version = 2;
    const later = [batcher.version(1), batcher.version(2), batcher.version(1)];
    gates.shift()?.();
    expect(await first).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    gates.shift()?.();
    expect(await Promise.all(later)).toEqual([2, 2, 2]);
    expect(statements).toEqual([[1], [1, 2]]);
  });

  it('fails every check of a statement that fails, and keeps working', async () => {
    let fail = true;
    const batcher = new VersionBatcher(async (ids) => {
      if (fail) throw new Error('connection lost');
      return new Map(ids.map((id) => [id, 7]));
    });
    await expect(batcher.version(1)).rejects.toThrow('connection lost');
    fail = false;
    expect(await batcher.version(1)).toBe(7);
  });
});
