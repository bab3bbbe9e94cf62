import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { ROOT_DIR, SERVER_JS } from './paths';
import { sleep } from './stats';

/** Servers still running: a bench that stops (even by Ctrl-C) must not leave them behind. */
const live = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => process.exit(130));
}

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface ApiOptions {
  /** Postgres URL; unset means the embedded PGlite database in `dataDir`. */
  databaseUrl?: string | undefined;
  /** DATA_DIR of the server (PGlite data and, without JWT_SECRET, the secret). */
  dataDir: string;
  /** Where the server's stdout/stderr (its JSON log) goes. */
  logFile: string;
  port?: number;
  jwtSecret?: string;
  /** More environment variables for the server. */
  env?: Record<string, string>;
  /** Extra node flags, e.g. `--cpu-prof`. */
  nodeArgs?: string[];
  /** How long to wait for /readyz (first start of PGlite creates the database). */
  readyTimeoutMs?: number;
  /** Do not wait for /readyz (to kill the server while it starts). */
  noWait?: boolean;
}

export interface ApiProcess {
  url: string;
  port: number;
  pid: number;
  child: ChildProcess;
  logFile: string;
  /** Resolves when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends a signal (default SIGTERM) and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /**
   * SIGKILL to the server and every process it started (its own process group), as a container
   * stop or a power cut would.
   */
  killAll(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** The server's log so far, one parsed JSON object per line (other lines as `{msg}`). */
  log(): Array<Record<string, unknown>>;
}

/**
 * Starts the built API (`node apps/api/dist/server.js`) as production runs it, in its own
 * process, and waits until /readyz answers 200.
 */
export async function startApi(options: ApiOptions): Promise<ApiProcess> {
  if (!existsSync(SERVER_JS)) {
    throw new Error(`${SERVER_JS} is missing: run pnpm --filter @prodify/api build first`);
  }
  const port = options.port ?? (await freePort());
  const out = openSync(options.logFile, 'a');
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: options.dataDir,
    JWT_SECRET: options.jwtSecret ?? randomBytes(48).toString('base64url'),
    LOG_LEVEL: 'info',
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...options.env,
  };
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), SERVER_JS], {
    cwd: ROOT_DIR,
    env,
    stdio: ['ignore', out, out],
    // Its own process group, so that killAll() reaches the processes it starts.
    detached: true,
  });
  closeSync(out);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  const url = `http://127.0.0.1:${port}`;
  const handle: ApiProcess = {
    url,
    port,
    pid: child.pid as number,
    child,
    logFile: options.logFile,
    exited,
    async stop(signal = 'SIGTERM') {
      if (!gone) child.kill(signal);
      return exited;
    },
    async killAll() {
      try {
        process.kill(-(child.pid as number), 'SIGKILL');
      } catch {
        // already gone
      }
      return exited;
    },
    log() {
      return readFileSync(options.logFile, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          try {
            return JSON.parse(line) as Record<string, unknown>;
          } catch {
            return { msg: line };
          }
        });
    },
  };

  live.add(child);
  void exited.then(() => live.delete(child));
  if (options.noWait) return handle;
  const deadline = Date.now() + (options.readyTimeoutMs ?? 120_000);
  for (;;) {
    if (gone) {
      const tail = readFileSync(options.logFile, 'utf8').split('\n').slice(-15).join('\n');
      throw new Error(`the API exited before it was ready:\n${tail}`);
    }
    try {
      const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      if (res.status === 200) return handle;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await handle.stop('SIGKILL');
      throw new Error(
        `the API did not become ready within ${options.readyTimeoutMs ?? 120_000} ms`,
      );
    }
    await sleep(100);
  }
}
