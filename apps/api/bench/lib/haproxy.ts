import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { sleep } from './stats';

/** `haproxy` on the PATH or in the sbin directories a non-root PATH may lack. */
function findHaproxy(): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/usr/local/sbin'];
  return dirs.map((dir) => path.join(dir, 'haproxy')).find((file) => existsSync(file));
}

/** The haproxy binary, installed with apt when missing (as .ci/run installs Chromium). */
export function ensureHaproxy(): string {
  const found = findHaproxy();
  if (found) return found;
  const root = process.getuid?.() === 0;
  const run = (args: string[]) => {
    const [cmd, argv] = root ? [args[0] as string, args.slice(1)] : ['sudo', ['-n', ...args]];
    execFileSync(cmd, argv, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  };
  console.log('HAProxy is missing: installing it with apt');
  run(['apt-get', 'update']);
  run(['apt-get', 'install', '-y', 'haproxy']);
  const installed = findHaproxy();
  if (!installed) throw new Error('haproxy is still missing after apt-get install haproxy');
  return installed;
}

export interface HaproxyConfigOptions {
  port: number;
  servers: Array<{ name: string; port: number }>;
  /** Admin socket for `show stat` and `disable server` (the bench only). */
  statsSocket?: string;
}

/**
 * The configuration the bench runs and the README shows: round robin over the instances, health
 * checks on /readyz twice a second (two misses take a server out), the client's address in
 * X-Forwarded-For (the API runs with TRUST_PROXY=1), and a request whose connection to a server
 * fails (a dead instance) retried on another one. Requests already sent are never retried: a
 * note created twice is worse than an error.
 */
export function haproxyConfig(options: HaproxyConfigOptions): string {
  return [
    'global',
    '    maxconn 4096',
    ...(options.statsSocket
      ? [`    stats socket ${options.statsSocket} mode 600 level admin`]
      : []),
    '',
    'defaults',
    '    mode http',
    '    option forwardfor',
    '    timeout connect 2s',
    '    timeout client 60s',
    '    timeout server 60s',
    '    retries 3',
    '    option redispatch 1',
    '',
    'frontend prodify',
    `    bind 127.0.0.1:${options.port}`,
    '    default_backend prodify_api',
    '',
    'backend prodify_api',
    '    balance roundrobin',
    '    option httpchk GET /readyz',
    '    http-check expect status 200',
    '    default-server check inter 500ms fall 2 rise 2',
    ...options.servers.map((s) => `    server ${s.name} 127.0.0.1:${s.port}`),
    '',
  ].join('\n');
}

export interface ServerStat {
  name: string;
  status: string;
  /** Sessions (requests) on it right now. */
  current: number;
  /** Sessions it has served in all. */
  total: number;
}

export interface Haproxy {
  url: string;
  child: ChildProcess;
  stats(): Promise<ServerStat[]>;
  /** `disable server` / `enable server` through the admin socket. */
  setServer(name: string, enabled: boolean): Promise<void>;
  /** Waits until the named servers have the given status (e.g. UP). */
  waitFor(names: string[], status: string, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

function ask(socket: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const conn = net.connect(socket);
    let out = '';
    conn.on('data', (chunk) => {
      out += chunk.toString('utf8');
    });
    conn.on('end', () => resolve(out));
    conn.on('error', reject);
    conn.end(`${command}\n`);
  });
}

/** Starts HAProxy in the foreground with a config written into `dir`. */
export async function startHaproxy(
  binary: string,
  dir: string,
  options: Omit<HaproxyConfigOptions, 'statsSocket'>,
): Promise<Haproxy> {
  const statsSocket = path.join(dir, 'haproxy.sock');
  const file = path.join(dir, 'haproxy.cfg');
  writeFileSync(file, haproxyConfig({ ...options, statsSocket }));
  execFileSync(binary, ['-c', '-q', '-f', file]);
  const child = spawn(binary, ['-db', '-f', file], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr = `${stderr}${chunk}`.slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  process.once('exit', () => child.kill('SIGKILL'));

  const stats = async (): Promise<ServerStat[]> => {
    const csv = await ask(statsSocket, 'show stat');
    const [header, ...rows] = csv.trim().split('\n');
    const columns = (header ?? '').replace(/^# /, '').split(',');
    const at = (name: string) => columns.indexOf(name);
    return rows
      .map((row) => row.split(','))
      .filter((c) => c[at('pxname')] === 'prodify_api' && c[at('svname')] !== 'BACKEND')
      .map((cells) => ({
        name: cells[at('svname')] ?? '',
        status: cells[at('status')] ?? '',
        current: Number(cells[at('scur')]),
        total: Number(cells[at('stot')]),
      }));
  };

  const haproxy: Haproxy = {
    url: `http://127.0.0.1:${options.port}`,
    child,
    stats,
    async setServer(name, enabled) {
      await ask(statsSocket, `${enabled ? 'enable' : 'disable'} server prodify_api/${name}`);
    },
    async waitFor(names, status, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        try {
          const now = await stats();
          if (names.every((n) => now.find((s) => s.name === n)?.status.startsWith(status))) return;
        } catch {
          // socket not there yet
        }
        if (child.exitCode !== null) throw new Error(`haproxy exited: ${stderr}`);
        if (Date.now() > deadline) {
          throw new Error(`haproxy: ${names.join(', ')} not ${status} within ${timeoutMs} ms`);
        }
        await sleep(100);
      }
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
  return haproxy;
}
