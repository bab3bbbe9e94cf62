#!/usr/bin/env node
// `npm start`: install, build the API and the web app, then serve both on the embedded database
// (http://127.0.0.1:8000 unless PORT/HOST say otherwise). Ctrl-C stops it cleanly, and so does
// SIGINT, SIGTERM or SIGHUP sent to the npm process alone (ADR 0408).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pnpmOrExit } from './pnpm.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const options = { cwd: root };
const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/** Field `index` (1-based, as in proc(5)) of /proc/<pid>/stat, or undefined off Linux. */
function procStat(pid, index) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count from its last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[index - 3];
  } catch {
    return undefined;
  }
}

/** True when `pid` is a shell running one command (`sh -c "node scripts/start.mjs"`). */
function isShellWrapper(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[1] === '-c';
  } catch {
    return false;
  }
}

/**
 * Calls `onGone` once when whoever started us goes away. npm 11 runs this script through
 * `sh -c`; on SIGINT/SIGTERM it signals only that shell, which dies without passing the signal
 * on, and on SIGHUP npm dies and signals nobody. Either way we (and the server) would be left
 * running under pid 1. So: watch our parent, and when it is npm's shell, npm above it too.
 */
function watchLauncher(onGone) {
  const parent = process.ppid;
  const npm =
    process.env.npm_lifecycle_event && isShellWrapper(parent) ? procStat(parent, 4) : undefined;
  const timer = setInterval(() => {
    const gone = process.ppid !== parent || (npm !== undefined && procStat(parent, 4) !== npm);
    if (gone) {
      clearInterval(timer);
      onGone();
    }
  }, 250);
  timer.unref();
}

/** @type {import('node:child_process').ChildProcess | undefined} */
let server;
let stopping = false;

/** Passes a stop on to the server (its own shutdown is graceful), or ends the build now. */
function stop(signal) {
  stopping = true;
  if (!server) process.exit(1);
  if (server.exitCode === null && server.signalCode === null) server.kill(signal);
}

for (const signal of STOP_SIGNALS) process.on(signal, () => stop(signal));
watchLauncher(() => {
  if (stopping) return;
  console.error('npm start: npm was stopped; stopping the server');
  stop('SIGTERM');
});

await pnpmOrExit(['install', '--frozen-lockfile'], options);
await pnpmOrExit(
  ['exec', 'turbo', 'run', 'build', '--filter=@prodify/api', '--filter=@prodify/web'],
  options,
);

server = spawn(process.execPath, [path.join('apps', 'api', 'dist', 'server.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production' },
});
server.on('exit', (code, signal) => {
  if (stopping) console.error(`npm start: the server stopped (exit code ${code ?? signal})`);
  process.exit(code ?? (signal === 'SIGINT' || signal === 'SIGTERM' ? 0 : 1));
});
