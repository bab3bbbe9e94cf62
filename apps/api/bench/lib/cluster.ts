import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

/**
 * A throw-away Postgres cluster of this machine, made with Debian's postgresql-common tools
 * (pg_createcluster / pg_ctlcluster / pg_dropcluster), so that a bench can stop and start "the
 * database" without touching the main cluster other work uses. Trust authentication, local
 * connections only; dropped at the end.
 */
export interface ThrowAwayCluster {
  version: string;
  name: string;
  port: number;
  url: string;
  start(): void;
  stop(): void;
  drop(): void;
}

function asRoot(command: string, args: string[]): string {
  const root = process.getuid?.() === 0;
  const [cmd, argv] = root ? [command, args] : ['sudo', ['-n', command, ...args]];
  return execFileSync(cmd, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Why the outage bench cannot run here, or undefined when it can. */
export function clusterToolsMissing(): string | undefined {
  for (const tool of ['pg_createcluster', 'pg_ctlcluster', 'pg_dropcluster']) {
    const found = (process.env.PATH ?? '').split(':').some((dir) => existsSync(`${dir}/${tool}`));
    if (!found) return `${tool} is not installed (Debian's postgresql-common)`;
  }
  if (!existsSync('/etc/postgresql') || readdirSync('/etc/postgresql').length === 0) {
    return 'no PostgreSQL server version is installed under /etc/postgresql';
  }
  if (process.getuid?.() !== 0) {
    try {
      execFileSync('sudo', ['-n', 'true'], { stdio: 'ignore' });
    } catch {
      return 'creating a cluster needs root (or password-less sudo)';
    }
  }
  return undefined;
}

export function createCluster(name: string, port: number): ThrowAwayCluster {
  const version = readdirSync('/etc/postgresql').sort().at(-1) as string;
  // Left over by an earlier run that was killed: drop it first.
  if (existsSync(`/etc/postgresql/${version}/${name}`)) {
    asRoot('pg_dropcluster', ['--stop', version, name]);
  }
  asRoot('pg_createcluster', [
    version,
    name,
    '-p',
    String(port),
    '--start-conf=manual',
    '--',
    '--auth-local=trust',
    '--auth-host=trust',
  ]);
  const ctl = (action: string, ...more: string[]) =>
    asRoot('pg_ctlcluster', ['--skip-systemctl-redirect', version, name, action, ...more]);
  return {
    version,
    name,
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () => ctl('start'),
    stop: () => ctl('stop', '-m', 'fast'),
    drop: () => {
      asRoot('pg_dropcluster', ['--stop', version, name]);
    },
  };
}
