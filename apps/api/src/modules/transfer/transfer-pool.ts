import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import fp from 'fastify-plugin';
import { Piscina } from 'piscina';
import { ImportClaims } from './import-run';
import type { TransferTask } from './transfer.worker';
import type { UploadResult, UploadTask } from './upload';

/** The pool is full (every thread busy, the queue at its limit): answered 503, try again. */
export class TransferBusyError extends Error {}

/** A file that needed more memory or time than a worker may use: answered 413. */
export class FileTooComplexError extends Error {}

declare module 'fastify' {
  interface FastifyInstance {
    /** The transfer worker pool and the per-user import claims (ADR 0420). */
    transfer: { pool: TransferPool; claims: ImportClaims };
  }
}

export interface TransferPoolOptions {
  /** The worker's file; by default the built one beside this module, else its source (tsx). */
  workerFile?: string | undefined;
}

/** What one task may take before it is given up: far above any file within the limits. */
const TASK_TIMEOUT_MS = 120_000;
/** A worker's heap: a file inside the limits needs a fraction of it. */
const WORKER_HEAP_MB = 1024;

function defaultWorkerFile(): string {
  const built = fileURLToPath(new URL('./transfer.worker.js', import.meta.url));
  return existsSync(built)
    ? built
    : fileURLToPath(new URL('./transfer.worker.ts', import.meta.url));
}

/** A copy of the bytes in an ArrayBuffer of their own, which can be moved to the worker. */
function movable(bytes: Uint8Array): Uint8Array {
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength) return bytes;
  return new Uint8Array(bytes);
}

/**
 * A pool of worker threads for the transfer module's heavy work (ADR 0420). Threads start on
 * demand and end after an idle while (what a large file made them allocate goes back to the
 * system), run at a lower CPU priority than the event loop (Linux), and are at most one fewer
 * than the machine's cores, so the event loop always keeps one.
 */
export class TransferPool {
  readonly #pool: Piscina;

  constructor(options: TransferPoolOptions = {}) {
    const threads = Math.max(1, Math.min(4, availableParallelism() - 1));
    this.#pool = new Piscina({
      filename: options.workerFile ?? defaultWorkerFile(),
      minThreads: 0,
      maxThreads: threads,
      idleTimeout: 10_000,
      maxQueue: 32,
      niceIncrement: 10,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
  }

  async #run<T>(task: TransferTask, transferList?: ArrayBuffer[]): Promise<T> {
    try {
      return (await this.#pool.run(task, {
        transferList: transferList as never,
        signal: AbortSignal.timeout(TASK_TIMEOUT_MS),
      })) as T;
    } catch (error) {
      const e = error as { code?: string; name?: string; message?: string };
      if (/queue is at limit/i.test(e.message ?? '')) throw new TransferBusyError();
      if (e.code === 'ERR_WORKER_OUT_OF_MEMORY' || e.name === 'AbortError') {
        throw new FileTooComplexError();
      }
      throw error;
    }
  }

  /** Reads an uploaded file into rows (upload.ts), off the event loop. */
  readUpload(task: UploadTask): Promise<UploadResult> {
    const bytes = movable(task.bytes);
    return this.#run({ kind: 'upload', ...task, bytes }, [bytes.buffer as ArrayBuffer]);
  }

  /** Writes the VEVENTs and VTODOs of export rows (ics-export.ts), off the event loop. */
  calendarComponents = (rows: { events: string[]; todos: string[] }): Promise<string> =>
    this.#run({ kind: 'calendar', ...rows });

  close(): Promise<void> {
    return this.#pool.destroy();
  }
}

/** Decorates the app with the pool and the import claims, and ends the pool on close. */
export const transferPlugin = fp<TransferPoolOptions>(
  async (app, options) => {
    const pool = new TransferPool(options);
    app.decorate('transfer', { pool, claims: new ImportClaims() });
    app.addHook('onClose', async () => {
      await pool.close();
    });
  },
  { name: 'transfer' },
);
