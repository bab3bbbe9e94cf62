import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '../lib/api-process';
import { ROOT_DIR, SERVER_JS } from '../lib/paths';
import { sleep } from '../lib/stats';

/** One line per check; the script fails if any check failed. */
export class Report {
  failed = 0;
  readonly #started = performance.now();

  pass(name: string, detail: string) {
    console.log(`PASS ${name}: ${detail}`);
  }

  fail(name: string, detail: string) {
    this.failed++;
    console.log(`FAIL ${name}: ${detail}`);
  }

  skip(name: string, why: string) {
    console.log(`SKIP ${name}: ${why}`);
  }

  /** Runs a check; an exception is its failure. */
  async run(name: string, check: () => Promise<string | { fail: string }>) {
    const started = performance.now();
    const took = () => ` [${seconds(performance.now() - started)}]`;
    try {
      const result = await check();
      if (typeof result === 'string') this.pass(name, result + took());
      else this.fail(name, result.fail + took());
    } catch (error) {
      this.fail(name, (error instanceof Error ? error.message : String(error)) + took());
    }
  }

  get seconds() {
    return ((performance.now() - this.#started) / 1000).toFixed(1);
  }
}

/** Processes (and their groups) still running: the script must not leave any behind. */
const live = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of live) {
    try {
      process.kill(-(child.pid as number), 'SIGKILL');
    } catch {
      // already gone
    }
  }
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => process.exit(130));
}

export interface Proc {
  child: ChildProcess;
  pid: number;
  port: number;
  url: string;
  /** Output so far. */
  stdout(): string;
  stderr(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Null while it runs. */
  exitCode(): number | null | undefined;
}

/**
 * Starts a command in its own process group (so that every process it starts can be found and
 * cleaned up), with the environment given and nothing inherited but PATH and HOME.
 */
export function launch(command: string, args: string[], env: Record<string, string>): Proc {
  const port = Number(env.PORT);
  const child = spawn(command, args, {
    cwd: ROOT_DIR,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  let err = '';
  let code: number | null | undefined;
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    err += chunk.toString();
  });
  live.add(child);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('close', (exitCode, signal) => {
      code = exitCode;
      live.delete(child);
      resolve({ code: exitCode, signal });
    });
  });
  return {
    child,
    pid: child.pid as number,
    port,
    url: `http://127.0.0.1:${port}`,
    stdout: () => out,
    stderr: () => err,
    exited,
    exitCode: () => code,
  };
}

/** The built server (`node apps/api/dist/server.js`), as production runs it. */
export async function startServer(dataDir: string, env: Record<string, string> = {}) {
  if (!existsSync(SERVER_JS)) {
    throw new Error(`${SERVER_JS} is missing: run pnpm --filter @prodify/api build first`);
  }
  return launch(process.execPath, [SERVER_JS], {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(await freePort()),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    ...env,
  });
}

/** Resolves true once /readyz answers 200, false if the process exits or time runs out. */
export async function ready(proc: Proc, timeoutMs = 120_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.exitCode() !== undefined) return false;
    try {
      const res = await fetch(`${proc.url}/readyz`, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      if (res.status === 200) return true;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  return false;
}

/** Waits for the exit, SIGKILLing the process group after `timeoutMs`. */
export async function exitWithin(proc: Proc, timeoutMs: number) {
  const timer = setTimeout(() => killGroup(proc), timeoutMs);
  const result = await proc.exited;
  clearTimeout(timer);
  return result;
}

export function killGroup(proc: Proc, signal: NodeJS.Signals = 'SIGKILL') {
  try {
    process.kill(-proc.pid, signal);
  } catch {
    // already gone
  }
}

/** True while any process of the group runs. */
export function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The only non-empty line of `text`, or undefined if it has none or several. */
export function oneLine(text: string): string | undefined {
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  return lines.length === 1 ? lines[0] : undefined;
}

/** What the data directory's lock file says, or undefined when there is none. */
export function lockOf(dataDir: string): { pid: number; started?: string } | undefined {
  const file = path.join(dataDir, 'pglite.lock');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}

/** The server's JSON log lines with this message. */
export function logged(proc: Proc, msg: string): boolean {
  return proc.stdout().includes(`"msg":"${msg}"`);
}

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
