import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, cpSync, existsSync, mkdirSync, openSync, writeSync } from 'node:fs';
import path from 'node:path';
import { ApiClient } from '../lib/client';
import { exitWithin, lockOf, oneLine, type Proc, type Report, ready, startServer } from './support';

const DISK_FULL_DETAIL =
  "The server's disk is full: changes cannot be saved until space is freed. Please try again later.";
const MB = 1024 * 1024;

/** Incompressible (random) note content of about 90 KB: each note takes its size on disk. */
const bigNote = (i: number) => ({
  title: `filler ${i}`,
  content: randomBytes(67_000).toString('base64'),
});

/** Creates notes until one is refused; returns how many were saved and the refusals. */
async function fill(client: ApiClient, max = 3_000) {
  let saved = 0;
  for (; saved < max; saved++) {
    const res = await client.request('POST', '/api/notes/', bigNote(saved), { timeoutMs: 15_000 });
    if (res.status !== 201) return { saved, refusal: res };
  }
  throw new Error(`${max} notes fit: the disk never filled`);
}

/** /healthz's status and how long it took; a stuck event loop shows as a timeout. */
async function health(url: string) {
  const started = performance.now();
  const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(5_000) });
  await res.arrayBuffer();
  return `/healthz ${res.status} in ${Math.round(performance.now() - started)} ms`;
}

/** The server's last logged error (its log line may come just after the answer), for a failure. */
async function loggedError(proc: Proc): Promise<string> {
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const errors = proc
    .stdout()
    .split('\n')
    .filter((line) => line.includes('"level":50') || line.includes('"level":60'));
  const last = errors.at(-1);
  if (!last) return '';
  const err = (JSON.parse(last) as { err?: { message?: string; code?: string; severity?: string } })
    .err;
  return `; the server logged: ${err?.severity ?? ''} ${err?.code ?? ''} ${err?.message ?? last}`;
}

async function stop(proc: Proc): Promise<number | null> {
  proc.child.kill('SIGTERM');
  return (await exitWithin(proc, 15_000)).code;
}

/** Fills the rest of the file system with one file. */
function fillUp(dir: string) {
  const fd = openSync(path.join(dir, 'filler'), 'w');
  const block = Buffer.alloc(MB);
  try {
    for (;;) writeSync(fd, block);
  } catch {
    // ENOSPC: full
  } finally {
    closeSync(fd);
  }
}

/**
 * The embedded database on an 80 MB tmpfs (mounting needs root): filled through the API with
 * the floor on (writes end in 503s with the detail; the server stays responsive; /readyz says
 * why), then with the floor off until the disk is really full (a PANIC or an ERROR in PGlite,
 * still 503s and a responsive server), then a start on the full disk (one line).
 */
export async function checkDisk(report: Report, template: string, work: string) {
  if (process.getuid?.() !== 0) {
    report.skip(
      'disk full',
      'needs root to mount a small tmpfs (as in CI); run as root to check it',
    );
    return;
  }
  const mount = path.join(work, 'small-disk');
  mkdirSync(mount);
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=80m', 'tmpfs', mount], { stdio: 'pipe' });
  } catch (error) {
    report.skip('disk full', `could not mount a tmpfs: ${(error as Error).message.split('\n')[0]}`);
    return;
  }
  try {
    const dataDir = path.join(mount, 'data');
    if (existsSync(template)) cpSync(template, dataDir, { recursive: true });
    const client = new ApiClient('');
    // The event-loop check is off: a loaded CI machine must not turn writes into busy 503s.
    const env = { MAX_EVENT_LOOP_DELAY_MS: '0' };

    await report.run('disk full: writes below MIN_FREE_DISK_MB', async () => {
      const server = await startServer(dataDir, { ...env, MIN_FREE_DISK_MB: '24' });
      if (!(await ready(server))) return { fail: `no start: ${server.stderr().slice(-300)}` };
      const api = new ApiClient(server.url);
      await api.signUp('filler', 'Filler!Pass-2026');
      client.token = api.token;
      const { saved, refusal } = await fill(api);
      const detail = (refusal.body as { detail?: string } | undefined)?.detail;
      if (refusal.status !== 503 || detail !== DISK_FULL_DETAIL) {
        return { fail: `note ${saved + 1}: ${refusal.status} ${JSON.stringify(refusal.body)}` };
      }
      const healthz = await health(server.url);
      const readyz = await api.request<{ disk?: { status: string; free_mb: number } }>(
        'GET',
        '/readyz',
      );
      if (readyz.status !== 503 || readyz.body.disk?.status !== 'low') {
        return { fail: `/readyz ${readyz.status} ${JSON.stringify(readyz.body)}` };
      }
      const reads = await api.request('GET', '/api/notes/?page=1');
      if (reads.status !== 200) return { fail: `reads answer ${reads.status}` };
      const code = await stop(server);
      if (code !== 0 || lockOf(dataDir)) return { fail: `stop: exit code ${code}` };
      return `${saved} notes of 90 KB saved, then 503 "${detail}"; ${healthz}; /readyz 503 (disk low, ${readyz.body.disk.free_mb} MB free, floor 24 MB); reads 200; stops with 0`;
    });

    await report.run(
      'disk full: no floor (MIN_FREE_DISK_MB=0) until the disk is full',
      async () => {
        const server = await startServer(dataDir, { ...env, MIN_FREE_DISK_MB: '0' });
        if (!(await ready(server))) return { fail: `no start: ${server.stderr().slice(-300)}` };
        const api = new ApiClient(server.url, client.token);
        const { saved, refusal } = await fill(api);
        if (refusal.status !== 503) {
          const cause = await loggedError(server);
          return {
            fail: `note ${saved + 1}: ${refusal.status} ${JSON.stringify(refusal.body)}${cause}`,
          };
        }
        const again = await api.request('POST', '/api/notes/', bigNote(0), { timeoutMs: 5_000 });
        if (again.status !== 503) return { fail: `the next write: ${again.status}` };
        const healthz = await health(server.url);
        const readyz = await api.request<{ database?: { detail?: string } }>('GET', '/readyz');
        const panicked = readyz.body.database?.detail !== undefined;
        const code = await stop(server);
        if (code !== 0) return { fail: `stop: exit code ${code}` };
        return `${saved} more notes, then 503s (${panicked ? 'PGlite PANICked and is no longer called' : 'PGlite: could not extend file'}); ${healthz}; /readyz ${readyz.status}; stops with 0`;
      },
    );

    await report.run('disk full: a start on a full disk', async () => {
      fillUp(mount);
      const existing = await startServer(dataDir);
      const a = await exitWithin(existing, 60_000);
      const lineA = oneLine(existing.stderr());
      if (
        a.code !== 1 ||
        !lineA ||
        !/only \d+ MB free on the disk of .*MIN_FREE_DISK_MB is 64/.test(lineA)
      ) {
        return { fail: `exit ${a.code}: ${existing.stderr().slice(0, 400)}` };
      }
      const fresh = await startServer(path.join(mount, 'fresh'), { MIN_FREE_DISK_MB: '0' });
      const b = await exitWithin(fresh, 60_000);
      const lineB = oneLine(fresh.stderr());
      if (b.code !== 1 || !lineB || !/free some space/.test(lineB)) {
        return { fail: `floor off, new DATA_DIR: exit ${b.code}: ${fresh.stderr().slice(0, 400)}` };
      }
      return `exits 1 with: ${lineA} | floor off, new DATA_DIR: ${lineB}`;
    });
  } finally {
    execFileSync('umount', ['-l', mount], { stdio: 'pipe' });
  }
}
