import { type StatsFs, statfs } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * Free space on the disk of the embedded database (ADR 0406). PGlite that runs out of space
 * while writing its WAL PANICs and is gone until a restart, so writes are refused while less
 * than a floor (MIN_FREE_DISK_MB) is free, well before that happens.
 */

const MB = 1024 * 1024;

export type StatFs = (dir: string) => Promise<Pick<StatsFs, 'bavail' | 'bsize'>>;

const statfsAsync: StatFs = promisify(statfs);

/**
 * Bytes an unprivileged process may still write on the disk of `dir`. `dir` need not exist yet:
 * its nearest existing parent is asked. Undefined when the system cannot tell.
 */
export async function freeDiskBytes(
  dir: string,
  stat: StatFs = statfsAsync,
): Promise<number | undefined> {
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    try {
      const { bavail, bsize } = await stat(current);
      return Number(bavail) * Number(bsize);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if ((code !== 'ENOENT' && code !== 'ENOTDIR') || path.dirname(current) === current) {
        return undefined;
      }
    }
  }
}

export const toMb = (bytes: number) => Math.floor(bytes / MB);

/** The one line a start on a disk without room prints. */
export function diskLowLine(dir: string, freeBytes: number, minFreeBytes: number): string {
  return `only ${toMb(freeBytes)} MB free on the disk of ${dir} (MIN_FREE_DISK_MB is ${toMb(minFreeBytes)}): free some space, or lower MIN_FREE_DISK_MB`;
}

export interface DiskSpaceReport {
  status: 'ok' | 'low' | 'unknown';
  free_mb?: number;
  min_free_mb: number;
  detail?: string;
}

export interface DiskSpaceOptions {
  dir: string;
  minFreeBytes: number;
  /** How often the free space is read. */
  intervalMs?: number;
  stat?: StatFs;
  /** Called when the state changes between ok and low. */
  onChange?: (low: boolean, freeBytes: number) => void;
}

/** Reads the free space now and then; `low` says whether writes must be refused. */
export class DiskSpaceWatch {
  readonly dir: string;
  readonly minFreeBytes: number;
  #freeBytes: number | undefined;
  #timer: NodeJS.Timeout | undefined;
  readonly #options: DiskSpaceOptions;

  constructor(options: DiskSpaceOptions) {
    this.dir = options.dir;
    this.minFreeBytes = options.minFreeBytes;
    this.#options = options;
  }

  /** True while less than the floor is free; false when unknown (a failed read refuses nothing). */
  get low(): boolean {
    return this.#freeBytes !== undefined && this.#freeBytes < this.minFreeBytes;
  }

  async check(): Promise<void> {
    const wasLow = this.low;
    this.#freeBytes = await freeDiskBytes(this.dir, this.#options.stat);
    if (this.low !== wasLow && this.#freeBytes !== undefined) {
      this.#options.onChange?.(this.low, this.#freeBytes);
    }
  }

  /** Checks now, then every `intervalMs` (1 s) until stop(). */
  async start(): Promise<void> {
    await this.check();
    this.#timer = setInterval(() => void this.check(), this.#options.intervalMs ?? 1000);
    this.#timer.unref();
  }

  stop(): void {
    clearInterval(this.#timer);
  }

  report(): DiskSpaceReport {
    const min_free_mb = toMb(this.minFreeBytes);
    if (this.#freeBytes === undefined) return { status: 'unknown', min_free_mb };
    const free_mb = toMb(this.#freeBytes);
    if (!this.low) return { status: 'ok', free_mb, min_free_mb };
    const detail = 'less free disk space than MIN_FREE_DISK_MB: writes are refused';
    return { status: 'low', free_mb, min_free_mb, detail };
  }
}
