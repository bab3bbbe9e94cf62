#!/usr/bin/env node
// Runs pnpm 10: the one on PATH when it is version 10, else a pinned one through npx (which
// only needs npm), so that a machine with just Node and npm can install and build.
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const PNPM_VERSION = '10.34.8';

/** The command and leading arguments that run pnpm 10 here. */
export function pnpmCommand() {
  const probe = spawnSync('pnpm', ['--version'], {
    encoding: 'utf8',
    shell: process.platform === 'win32',
  });
  if (probe.status === 0 && probe.stdout.trim().startsWith('10.')) return ['pnpm', []];
  return ['npx', ['--yes', `pnpm@${PNPM_VERSION}`]];
}

/** Runs pnpm with `args`, output inherited; resolves with its exit code. */
export function runPnpm(args, options = {}) {
  const [command, prefix] = pnpmCommand();
  return new Promise((resolve, reject) => {
    const child = spawn(command, [...prefix, ...args], {
      stdio: 'inherit',
      shell: process.platform === 'win32',
      ...options,
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Runs pnpm and exits the process if it fails. */
export async function pnpmOrExit(args, options) {
  const code = await runPnpm(args, options);
  if (code !== 0) {
    console.error(`\npnpm ${args.join(' ')} failed (exit ${code})`);
    process.exit(code);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exit(await runPnpm(process.argv.slice(2)));
}
