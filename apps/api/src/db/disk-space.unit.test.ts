import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { DiskSpaceWatch, diskLowLine, freeDiskBytes, type StatFs } from './disk-space';

const MB = 1024 * 1024;

/** A disk with `free` bytes left, in 4 KiB blocks. */
const disk = (free: () => number): StatFs =>
  vi.fn(async () => ({ bavail: Math.floor(free() / 4096), bsize: 4096 }));

describe('free disk space', () => {
  it('is read from the nearest existing folder, the data directory need not exist yet', async () => {
    const base = mkdtempSync(path.join(tmpdir(), 'prodify-disk-'));
    const free = await freeDiskBytes(path.join(base, 'data', 'pglite'));
    expect(free).toBeGreaterThan(0);
  });

  it('is unknown, not zero, when the system cannot tell', async () => {
    const failing: StatFs = async () => {
      throw Object.assign(new Error('no statfs'), { code: 'ENOSYS' });
    };
    expect(await freeDiskBytes('/x', failing)).toBeUndefined();
  });

  it('is low below the floor, and says when it changes', async () => {
    let free = 100 * MB;
    const onChange = vi.fn();
    const watch = new DiskSpaceWatch({
      dir: '/data',
      minFreeBytes: 64 * MB,
      stat: disk(() => free),
      onChange,
    });
    await watch.check();
    expect(watch.low).toBe(false);
    expect(watch.report()).toEqual({ status: 'ok', free_mb: 100, min_free_mb: 64 });
    free = 10 * MB;
    await watch.check();
    expect(watch.low).toBe(true);
    expect(watch.report()).toMatchObject({ status: 'low', free_mb: 10, min_free_mb: 64 });
    expect(watch.report().detail).toMatch(/MIN_FREE_DISK_MB/);
    free = 65 * MB;
    await watch.check();
    expect(watch.low).toBe(false);
    expect(onChange.mock.calls).toEqual([
      [true, 10 * MB],
      [false, 65 * MB],
    ]);
  });

  it('checks again on its own until stopped', async () => {
    const stat = disk(() => 100 * MB);
    const watch = new DiskSpaceWatch({ dir: '/data', minFreeBytes: MB, stat, intervalMs: 10 });
    await watch.start();
    await vi.waitFor(() => expect(vi.mocked(stat).mock.calls.length).toBeGreaterThan(2));
    watch.stop();
    const calls = vi.mocked(stat).mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(vi.mocked(stat).mock.calls.length).toBe(calls);
  });

  it('refuses nothing while the free space is unknown', async () => {
    const watch = new DiskSpaceWatch({
      dir: '/data',
      minFreeBytes: MB,
      stat: async () => {
        throw Object.assign(new Error('gone'), { code: 'EIO' });
      },
    });
    await watch.check();
    expect(watch.low).toBe(false);
    expect(watch.report()).toEqual({ status: 'unknown', min_free_mb: 1 });
  });

  it('explains a start on a full disk in one line', () => {
    const line = diskLowLine('/srv/data', 3 * MB, 64 * MB);
    expect(line).toBe(
      'only 3 MB free on the disk of /srv/data (MIN_FREE_DISK_MB is 64): free some space, or lower MIN_FREE_DISK_MB',
    );
  });
});
