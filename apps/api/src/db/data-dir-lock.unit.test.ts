import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  acquireDataDirLock,
  DataDirInUseError,
  type DataDirLock,
  ownerAlive,
  processStartTime,
} from './data-dir-lock';

const held: DataDirLock[] = [];
afterEach(() => {
  for (const lock of held.splice(0)) lock.release();
});

function dataDir() {
  return path.join(mkdtempSync(path.join(tmpdir(), 'prodify-lock-')), 'pglite');
}

function acquire(dir: string) {
  const lock = acquireDataDirLock(dir);
  held.push(lock);
  return lock;
}

/** A process that has exited, whose pid is therefore free. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid as number;
}

const onLinux = processStartTime(process.pid) !== undefined;

describe('the data directory lock', () => {
  it('is a file beside the directory, with our pid, and gone after release', () => {
    const dir = dataDir();
    const lock = acquire(dir);
    expect(lock.file).toBe(`${dir}.lock`);
    expect(existsSync(dir)).toBe(false); // taken before anything is created in it
    expect(JSON.parse(readFileSync(lock.file, 'utf8'))).toMatchObject({ pid: process.pid });
    lock.release();
    expect(existsSync(lock.file)).toBe(false);
    lock.release(); // twice is harmless
  });

  it('refuses while a live process holds it, naming the directory and the pid', () => {
    const dir = dataDir();
    acquire(dir);
    const refused = () => acquireDataDirLock(dir);
    expect(refused).toThrow(DataDirInUseError);
    expect(refused).toThrow(
      `the database directory ${dir} is in use by another process (pid ${process.pid})`,
    );
    try {
      refused();
    } catch (error) {
      expect((error as Error).message).not.toContain('\n');
    }
  });

  it('takes over a lock whose process is gone (kill -9)', async () => {
    const dir = dataDir();
    const pid = await deadPid();
    writeFileSync(`${dir}.lock`, `${JSON.stringify({ pid, started: '1' })}\n`);
    const lock = acquire(dir);
    expect(JSON.parse(readFileSync(lock.file, 'utf8')).pid).toBe(process.pid);
  });

  it.runIf(onLinux)('takes over a lock whose pid now belongs to another process', () => {
    const dir = dataDir();
    // Our own pid is alive, but the lock says it started at another time: a reused pid.
    const started = String(Number(processStartTime(process.pid)) - 1);
    writeFileSync(`${dir}.lock`, JSON.stringify({ pid: process.pid, started }));
    expect(ownerAlive({ pid: process.pid, started })).toBe(false);
    expect(() => acquire(dir)).not.toThrow();
  });

  it('refuses a lock held by another live process, with its start time', async () => {
    const dir = dataDir();
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      const pid = child.pid as number;
      const started = processStartTime(pid);
      writeFileSync(`${dir}.lock`, JSON.stringify({ pid, ...(started ? { started } : {}) }));
      expect(() => acquireDataDirLock(dir)).toThrow(`(pid ${pid})`);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('takes over a lock file that holds no owner (a crash while it was written)', () => {
    const dir = dataDir();
    writeFileSync(`${dir}.lock`, '');
    expect(() => acquire(dir)).not.toThrow();
  });

  it('does not remove a lock that is not its own on release', () => {
    const dir = dataDir();
    const lock = acquireDataDirLock(dir);
    writeFileSync(lock.file, JSON.stringify({ pid: 1 }));
    lock.release();
    expect(existsSync(lock.file)).toBe(true);
  });
});
