import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Redis } from 'ioredis';
import { freePort } from './api-process';
import { sleep } from './stats';

async function answers(url: string): Promise<boolean> {
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: 1_000,
  });
  redis.on('error', () => {});
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

function findRedisServer(): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/usr/bin'];
  return dirs.map((dir) => path.join(dir, 'redis-server')).find((file) => existsSync(file));
}

/**
 * The Redis the bench's instances share: REDIS_URL, else the local one on 6379, else a
 * redis-server of our own on a free port (installed with apt when missing), stopped at the end.
 */
export async function benchRedis(): Promise<{ url: string; stop(): void }> {
  const given = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  if (await answers(given)) return { url: given, stop: () => {} };
  if (process.env.REDIS_URL) throw new Error(`REDIS_URL (${given}) does not answer`);

  let binary = findRedisServer();
  if (!binary) {
    console.log('Redis is missing: installing redis-server with apt');
    const root = process.getuid?.() === 0;
    for (const args of [
      ['apt-get', 'update'],
      ['apt-get', 'install', '-y', 'redis-server'],
    ]) {
      const [cmd, argv] = root ? [args[0] as string, args.slice(1)] : ['sudo', ['-n', ...args]];
      execFileSync(cmd, argv, {
        stdio: 'inherit',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      });
    }
    binary = findRedisServer();
    if (!binary) throw new Error('redis-server is still missing after apt-get install');
  }
  const port = await freePort();
  const child = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', ''], {
    stdio: 'ignore',
  });
  process.once('exit', () => child.kill('SIGKILL'));
  const url = `redis://127.0.0.1:${port}`;
  for (let i = 0; i < 50 && !(await answers(url)); i++) await sleep(100);
  return { url, stop: () => child.kill('SIGTERM') };
}
