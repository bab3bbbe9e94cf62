#!/usr/bin/env node
// `npm test`: install, make sure a Chromium is there for the browser tests, then lint,
// typecheck and test every package. API suites also run on Postgres when DATABASE_URL is set
// (or Docker answers); see README.md.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pnpmOrExit } from './pnpm.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((candidate) => candidate && existsSync(candidate));
}

function run(command, args) {
  console.log(`$ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit' });
  return result.status === 0;
}

function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (isRoot && hasApt) {
    console.log("Chromium not found: installing Debian's chromium for the browser tests.");
    if (run('apt-get', ['update']) && run('apt-get', ['install', '-y', 'chromium'])) {
      const installed = findChromium();
      if (installed) return installed;
    }
  }
  console.error(
    [
      'The browser tests need Chromium, and none was found.',
      'Install it (Debian/Ubuntu: sudo apt-get install -y chromium),',
      'or set CHROMIUM_PATH to a Chromium or Chrome executable, then run npm test again.',
    ].join('\n'),
  );
  process.exit(1);
}

await pnpmOrExit(['install', '--frozen-lockfile'], { cwd: root });
const chromium = ensureChromium();
// --continue: one package's failure (a browser test on a busy machine) does not stop the
// others, so the API suites still run to the end and print their counts. Tasks whose own
// dependencies failed are skipped (they could only fail too); turbo still exits non-zero when
// any task failed, and lists them at the end.
await pnpmOrExit(
  ['exec', 'turbo', 'run', 'lint', 'typecheck', 'test', '--continue=dependencies-successful'],
  {
    cwd: root,
    env: { ...process.env, CHROMIUM_PATH: chromium },
  },
);
