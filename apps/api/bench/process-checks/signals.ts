import { cpSync, existsSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '../lib/api-process';
import { sleep } from '../lib/stats';
import { groupAlive, killGroup, launch, lockOf, type Report, ready, seconds } from './support';

/** What a process manager allows before it kills (and what the issue asks). */
const STOP_WITHIN_MS = 10_000;

/**
 * `npm start` as a user (or systemd, pm2, a container runtime) runs it; each of the three
 * signals goes to the npm process alone. Every process it started runs in its process group,
 * so "stopped" means: the group is empty.
 */
export async function checkSignals(report: Report, template: string, work: string) {
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
    await report.run(`signals: ${signal} to the npm start process`, async () => {
      const dataDir = path.join(work, `npm-${signal}`);
      if (existsSync(template)) cpSync(template, dataDir, { recursive: true });
      const npm = launch('npm', ['start'], {
        HOST: '127.0.0.1',
        PORT: String(await freePort()),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
      });
      if (!(await ready(npm, 240_000))) {
        killGroup(npm);
        return { fail: `npm start did not serve: ${npm.stderr().slice(-500)}` };
      }
      const sent = performance.now();
      process.kill(npm.pid, signal);
      while (groupAlive(npm.pid) && performance.now() - sent < STOP_WITHIN_MS) await sleep(50);
      const took = performance.now() - sent;
      if (groupAlive(npm.pid)) {
        killGroup(npm);
        return { fail: `processes still running ${seconds(took)} after ${signal}` };
      }
      await npm.exited;
      const output = npm.stdout() + npm.stderr();
      if (!output.includes('"msg":"database closed"'))
        return { fail: 'no "database closed" in the log' };
      if (!output.includes('npm start: the server stopped (exit code 0)')) {
        return { fail: `the server did not exit with 0: ${npm.stderr().slice(-300)}` };
      }
      if (lockOf(dataDir)) return { fail: 'the lock file is still there' };
      return `every process gone in ${seconds(took)}; the log says "database closed", the server exited with 0, its lock file is removed`;
    });
  }
}
