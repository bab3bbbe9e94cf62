/**
 * Process-level regression checks of the built server and `npm start` (issue 13), one
 * PASS/FAIL/SKIP line each; exits 1 if any failed. `.ci/run` runs it after `npm test`.
 *
 *  - lock: two servers started at once on an empty DATA_DIR (one serves, the other exits with
 *    one line), a second server on a DATA_DIR in use, a lock left by kill -9, a reused pid;
 *  - TRUST_PROXY=true is refused at start with one line;
 *  - signals: SIGTERM, SIGINT and SIGHUP to the npm process of `npm start` stop the server
 *    cleanly within 10 s (process-checks/signals.ts);
 *  - disk full on a small tmpfs (root only; process-checks/disk.ts).
 *
 *   pnpm --filter @prodify/api build && tsx bench/process-checks.ts [--skip=signals,disk]
 */
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { processStartTime } from '../src/db/data-dir-lock';
import { parseArgs } from './lib/args';
import { checkDisk } from './process-checks/disk';
import { checkSignals } from './process-checks/signals';
import {
  exitWithin,
  lockOf,
  oneLine,
  type Proc,
  Report,
  ready,
  seconds,
  startServer,
} from './process-checks/support';

const args = parseArgs();
const skip = new Set(args.string('skip', '').split(',').filter(Boolean));
const report = new Report();
const work = mkdtempSync(path.join(tmpdir(), 'prodify-process-'));
/** A data directory with a database in it, stopped cleanly: copied wherever one is needed. */
const template = path.join(work, 'template');

/** A refused start: exit code 1, nothing on stdout, one line on stderr that matches. */
async function refused(proc: Proc, expected: RegExp): Promise<string | { fail: string }> {
  const { code } = await exitWithin(proc, 60_000);
  const line = oneLine(proc.stderr());
  if (code !== 1) return { fail: `exit code ${code}, stderr: ${proc.stderr().slice(0, 300)}` };
  if (line === undefined || proc.stdout().trim() !== '') {
    return { fail: `not one line: stdout ${proc.stdout().slice(0, 200)} stderr ${proc.stderr()}` };
  }
  if (!expected.test(line)) return { fail: `unexpected line: ${line}` };
  return line;
}

async function stopCleanly(proc: Proc, dataDir: string): Promise<string | undefined> {
  proc.child.kill('SIGTERM');
  const { code } = await exitWithin(proc, 15_000);
  if (code !== 0) return `exit code ${code} after SIGTERM`;
  if (lockOf(dataDir)) return 'the lock file is still there after a clean stop';
  return undefined;
}

async function lockChecks() {
  const dir = path.join(work, 'lock');
  const pglite = path.join(dir, 'pglite');
  let winner: Proc | undefined;

  await report.run('lock: two servers started at once on an empty DATA_DIR', async () => {
    const started = performance.now();
    const pair = await Promise.all([startServer(dir), startServer(dir)]);
    // ready() is false as soon as a process exits.
    const serves = await Promise.all(pair.map((p) => ready(p)));
    const serving = pair.filter((_, i) => serves[i]);
    if (serving.length !== 1) return { fail: `${serving.length} of the two serve` };
    winner = serving[0] as Proc;
    const loser = pair.find((p) => p !== winner) as Proc;
    const result = await refused(
      loser,
      new RegExp(`in use by another process \\(pid ${winner.pid}\\)`),
    );
    if (typeof result !== 'string') return result;
    if (!result.includes(pglite)) return { fail: `the line does not name ${pglite}: ${result}` };
    return `exactly one serves (${seconds(performance.now() - started)}); the other exits 1 with: ${result}`;
  });
  if (!winner || winner.exitCode() !== undefined) return;
  const first = winner;

  await report.run('lock: a second server on a DATA_DIR in use', async () => {
    const second = await startServer(dir);
    const result = await refused(
      second,
      new RegExp(
        `^prodify: failed to start: the database directory ${pglite} is in use by another process \\(pid ${first.pid}\\)`,
      ),
    );
    if (typeof result !== 'string') return result;
    if (!(await ready(first, 5_000))) return { fail: 'the first server stopped answering' };
    return `exits 1 with one line naming the directory and pid ${first.pid}; the first one still serves`;
  });

  await report.run('lock: a lock left by kill -9 is taken over', async () => {
    process.kill(first.pid, 'SIGKILL');
    await first.exited;
    if (lockOf(dir)?.pid !== first.pid) return { fail: 'kill -9 left no lock behind to test' };
    const next = await startServer(dir);
    if (!(await ready(next))) return { fail: `no start after kill -9: ${next.stderr()}` };
    if (lockOf(dir)?.pid !== next.pid) return { fail: 'the lock does not name the new server' };
    const problem = await stopCleanly(next, dir);
    return problem ? { fail: problem } : 'the next start serves; a clean stop removes the lock';
  });

  await report.run('lock: a lock naming a live pid that started at another time', async () => {
    const started = processStartTime(process.pid);
    if (started === undefined) return 'no /proc here: only the pid is recorded (nothing to check)';
    // This script's own pid is alive; the start time says the lock was written by another process.
    const stale = { pid: process.pid, started: String(Number(started) - 100) };
    writeFileSync(path.join(dir, 'pglite.lock'), JSON.stringify(stale));
    const next = await startServer(dir);
    if (!(await ready(next))) return { fail: `refused a reused pid: ${next.stderr()}` };
    const problem = await stopCleanly(next, dir);
    return problem
      ? { fail: problem }
      : `pid ${process.pid} is alive, but another process: taken over`;
  });
  if (lockOf(dir) === undefined && existsSync(path.join(pglite, 'PG_VERSION'))) {
    cpSync(pglite, path.join(template, 'pglite'), { recursive: true });
  }
}

async function trustProxyCheck() {
  await report.run('TRUST_PROXY=true is refused at start', async () => {
    const proc = await startServer(path.join(work, 'proxy'), { TRUST_PROXY: 'true' });
    const result = await refused(proc, /TRUST_PROXY: true would .*: set the number of proxies/);
    return typeof result === 'string' ? `exits 1 with: ${result}` : result;
  });
}

try {
  await lockChecks();
  await trustProxyCheck();
  if (skip.has('signals')) report.skip('signals', '--skip=signals');
  else await checkSignals(report, template, work);
  if (skip.has('disk')) report.skip('disk full', '--skip=disk');
  else await checkDisk(report, template, work);
} finally {
  rmSync(work, { recursive: true, force: true });
}
console.log(
  `${report.failed === 0 ? 'all process checks passed' : `${report.failed} process check(s) FAILED`} (${report.seconds} s)`,
);
process.exit(report.failed === 0 ? 0 : 1);
