import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, renameSync, unlinkSync } from 'node:fs';
import { hostname } from 'node:os';
import { writeFileExclusive } from '../lib/exclusive-file';

/**
 * An exclusive lock on an embedded data directory, so that a second process on the same
 * directory refuses to start instead of writing beside the first (ADR 0405). The lock is the
 * file `<dir>.lock` next to the directory, holding the owner's pid and, where the system tells
 * it, the process's start time: a pid that was reused by another process after a kill -9 does
 * not keep the lock.
 */

/** Who holds a lock: what the lock file says. */
export interface LockOwner {
  pid: number;
  /** Start time of the process (Linux: field 22 of /proc/<pid>/stat), when known. */
  started?: string;
  host?: string;
}

/** Another live process holds the directory. The message is the one line a start prints. */
export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
  constructor(
    readonly dir: string,
    readonly owner: LockOwner,
  ) {
    super(
      `the database directory ${dir} is in use by another process (pid ${owner.pid}): stop that one, or give this one another DATA_DIR`,
    );
  }
}

/** The start time of a process as the system counts it, or undefined where that is unknown. */
export function processStartTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name in field 2 may hold spaces and parentheses; the rest follows its last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19];
  } catch {
    return undefined;
  }
}

function pidExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** True while the process that wrote `owner` runs: same pid, and same start time if known. */
export function ownerAlive(owner: LockOwner): boolean {
  if (!pidExists(owner.pid)) return false;
  if (owner.started === undefined) return true;
  const started = processStartTime(owner.pid);
  return started === undefined || started === owner.started;
}

function parseOwner(text: string): LockOwner | undefined {
  try {
    const value = JSON.parse(text) as Partial<LockOwner>;
    if (typeof value.pid !== 'number' || !Number.isInteger(value.pid) || value.pid <= 0) {
      return undefined;
    }
    return value as LockOwner;
  } catch {
    return undefined;
  }
}

const isCode = (error: unknown, code: string) =>
  (error as NodeJS.ErrnoException | null)?.code === code;

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if (isCode(error, 'ENOENT')) return undefined;
    throw error;
  }
}

/**
 * Removes a stale lock only if it still holds `seen`: it is first renamed aside (atomic), then
 * compared. If another process had replaced it meanwhile with a live lock, that one is linked
 * back into place.
 */
function removeIfUnchanged(file: string, seen: string): void {
  const aside = `${file}.stale-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    renameSync(file, aside);
  } catch (error) {
    if (isCode(error, 'ENOENT')) return; // someone else removed it
    throw error;
  }
  try {
    if (readFileSync(aside, 'utf8') !== seen) linkSync(aside, file);
  } catch (error) {
    // EEXIST: a third process took the lock between our rename and this link (ADR 0405).
    if (!isCode(error, 'EEXIST')) throw error;
  } finally {
    unlinkSync(aside);
  }
}

const sleepSync = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

export interface DataDirLock {
  readonly file: string;
  /** Removes the lock file if it is still ours. Safe to call twice. */
  release(): void;
}

/**
 * Takes the lock of `dir` (its parent must exist; `dir` itself need not). Throws
 * DataDirInUseError when a live process holds it; a lock left by a dead process is taken over.
 */
export function acquireDataDirLock(dir: string): DataDirLock {
  const file = `${dir}.lock`;
  const owner: LockOwner = { pid: process.pid, host: hostname() };
  const started = processStartTime(process.pid);
  if (started !== undefined) owner.started = started;
  const text = `${JSON.stringify(owner)}\n`;

  for (let attempt = 0; attempt < 20; attempt++) {
    if (writeFileExclusive(file, text)) {
      let held = true;
      return {
        file,
        release() {
          if (!held) return;
          held = false;
          if (readText(file) === text) unlinkSync(file);
        },
      };
    }
    const seen = readText(file);
    if (seen === undefined) continue; // released meanwhile: try again
    const holder = parseOwner(seen);
    if (holder === undefined && attempt < 5) {
      // Only writeFileExclusive's O_EXCL fallback shows a lock before its text: give it a moment.
      sleepSync(20);
      continue;
    }
    if (holder !== undefined && ownerAlive(holder)) throw new DataDirInUseError(dir, holder);
    removeIfUnchanged(file, seen);
  }
  throw new Error(`could not take the lock ${file}: it keeps changing`);
}
