import type { PGlite } from '@electric-sql/pglite';
import { describe, expect, it, vi } from 'vitest';
import { stopAfterPanic } from './connect';
import { EmbeddedDatabaseStoppedError, isDatabaseUnavailable } from './errors';

/**
 * A stand-in for PGlite: after a real PANIC (disk full while writing the WAL), PGlite's next call
 * spins for ever in WebAssembly. The process checks (bench/process-checks.ts) reproduce that on
 * a full tmpfs; here the guard is checked call by call.
 */
function fakeClient(
  panic: Error = Object.assign(new Error('could not write to file "pg_wal/xlogtemp.42"'), {
    severity: 'PANIC',
    code: '53100',
  }),
) {
  const client = {
    query: vi.fn(async (text: string) => {
      if (text.startsWith('insert')) throw panic;
      return { rows: [] };
    }),
    exec: vi.fn(async (_text: string) => []),
    close: vi.fn(async () => {}),
  };
  const original = { ...client };
  stopAfterPanic(client as unknown as PGlite);
  return { client, original };
}

describe('the embedded database after a PANIC', () => {
  it('passes calls through until then', async () => {
    const { client, original } = fakeClient();
    await expect(client.query('select 1')).resolves.toEqual({ rows: [] });
    await client.close();
    expect(original.query).toHaveBeenCalledTimes(1);
    expect(original.close).toHaveBeenCalledTimes(1);
  });

  it('is never called again: every call fails at once, as unavailable, and close is skipped', async () => {
    const { client, original } = fakeClient();
    const failed = await client.query('insert into t values (1)').catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(EmbeddedDatabaseStoppedError);
    expect(isDatabaseUnavailable(failed)).toBe(true); // a 503, not a 500
    for (const call of [() => client.query('select 1'), () => client.exec('rollback')]) {
      const error = await call().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(EmbeddedDatabaseStoppedError);
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect((error as Error).message).toContain('pg_wal/xlogtemp.42');
    }
    await client.close();
    expect(original.query).toHaveBeenCalledTimes(1);
    expect(original.exec).not.toHaveBeenCalled();
    expect(original.close).not.toHaveBeenCalled();
  });

  it('takes a PANIC of any code as the end: the first call already fails as unavailable', async () => {
    // What PGlite 0.5 answered on the check's full tmpfs once notes were indexed for search.
    const xlog = Object.assign(new Error('XLogBeginInsert was already called'), {
      severity: 'PANIC',
      code: 'XX000',
    });
    expect(isDatabaseUnavailable(xlog)).toBe(false); // as such, it would be a 500
    const { client, original } = fakeClient(xlog);
    const failed = await client.query('insert into t values (1)').catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(EmbeddedDatabaseStoppedError);
    expect(isDatabaseUnavailable(failed)).toBe(true);
    expect((failed as Error).message).toContain('XLogBeginInsert was already called');
    await expect(client.query('select 1')).rejects.toBeInstanceOf(EmbeddedDatabaseStoppedError);
    expect(original.query).toHaveBeenCalledTimes(1);
  });
});
