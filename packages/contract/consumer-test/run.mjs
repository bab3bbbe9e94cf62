#!/usr/bin/env node
// The contract as another app gets it: packs @prodify/contract (dist/ only, as `pnpm pack` makes
// it), installs the tarball into a throw-away app outside the workspace (app/), type-checks that
// app with tsc (strict, NodeNext, library checks on) and runs it against the built API
// (`node apps/api/dist/server.js`) on a fresh embedded database. Exits non-zero on any failure.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runPnpm } from '../../../scripts/pnpm.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const contractDir = path.resolve(here, '..');
const root = path.resolve(contractDir, '../..');
const serverJs = path.join(root, 'apps', 'api', 'dist', 'server.js');
const READY_TIMEOUT_MS = 120_000;

function fail(message) {
  throw new Error(`consumer-test: ${message}`);
}

/** The newest modification time of the files below `dir`. */
function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) {
      latest = Math.max(latest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
    }
  }
  return latest;
}

/** Builds the contract when dist/ is missing or older than its sources (turbo builds it first). */
async function ensureContractBuilt() {
  const built = path.join(contractDir, 'dist', 'index.js');
  const sources = Math.max(
    newest(path.join(contractDir, 'src')),
    statSync(path.join(contractDir, 'package.json')).mtimeMs,
    statSync(path.join(contractDir, 'tsup.config.ts')).mtimeMs,
  );
  if (existsSync(built) && statSync(built).mtimeMs >= sources) return;
  console.log('consumer-test: building @prodify/contract (dist/ is missing or older than src/)');
  if ((await runPnpm(['run', 'build'], { cwd: contractDir })) !== 0) fail('the build failed');
}

/**
 * The API must be built already (turbo's @prodify/contract#test depends on @prodify/api#build).
 * It is built here only when missing: rebuilding it could pull dist/ away from a running server.
 */
async function ensureApiBuilt() {
  if (existsSync(serverJs)) return;
  console.log('consumer-test: building @prodify/api (apps/api/dist/server.js is missing)');
  if ((await runPnpm(['--filter', '@prodify/api', 'run', 'build'], { cwd: root })) !== 0) {
    fail('the API build failed');
  }
}

/** The packed contract in `app/node_modules`, with its dependencies linked from the workspace. */
async function install(app) {
  const packs = path.join(app, 'packs');
  mkdirSync(packs);
  if ((await runPnpm(['pack', '--pack-destination', packs], { cwd: contractDir })) !== 0) {
    fail('pnpm pack failed');
  }
  const [tarball] = readdirSync(packs);
  if (!tarball) fail('pnpm pack wrote no tarball');
  const target = path.join(app, 'node_modules', '@prodify', 'contract');
  mkdirSync(target, { recursive: true });
  const unpack = ['-xzf', path.join(packs, tarball), '-C', target, '--strip-components=1'];
  if (spawnSync('tar', unpack, { stdio: 'inherit' }).status !== 0) fail('tar could not unpack it');
  if (existsSync(path.join(target, 'src'))) fail('the package ships src/, not only dist/');

  // What `npm install <tarball>` would fetch, taken from the workspace's store (no network), and
  // the Node types the app itself uses.
  const manifest = JSON.parse(readFileSync(path.join(target, 'package.json'), 'utf8'));
  for (const name of [...Object.keys(manifest.dependencies ?? {}), '@types/node']) {
    const link = path.join(app, 'node_modules', name);
    mkdirSync(path.dirname(link), { recursive: true });
    symlinkSync(realpathSync(path.join(contractDir, 'node_modules', name)), link, 'junction');
  }
}

function compile(app) {
  const tsc = path.join(contractDir, 'node_modules', 'typescript', 'bin', 'tsc');
  const result = spawnSync(process.execPath, [tsc, '-p', path.join(app, 'tsconfig.json')], {
    stdio: 'inherit',
  });
  if (result.status !== 0) fail('the consumer app does not type-check against the built package');
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Starts the built API on a free port and a fresh DATA_DIR; resolves once /readyz is 200. */
async function startApi(dataDir) {
  const port = await freePort();
  const env = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(48).toString('base64url'),
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-app'),
  };
  const child = spawn(process.execPath, [serverJs], { cwd: root, env, stdio: 'pipe' });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  const api = { url, child, exited, output: () => output };
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) fail(`the API exited (${child.exitCode}):\n${output}`);
    try {
      if ((await fetch(`${url}/readyz`)).status === 200) return api;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  fail(`the API was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${output}`);
}

async function stopApi(api) {
  if (api.child.exitCode !== null) return;
  api.child.kill('SIGTERM');
  const timer = setTimeout(() => api.child.kill('SIGKILL'), 15_000);
  await api.exited;
  clearTimeout(timer);
}

const work = mkdtempSync(path.join(os.tmpdir(), 'prodify-consumer-'));
let api;
try {
  await ensureContractBuilt();
  await ensureApiBuilt();
  const app = path.join(work, 'app');
  cpSync(path.join(here, 'app'), app, {
    recursive: true,
    filter: (source) => !/[\\/](node_modules|out)$/.test(source),
  });
  await install(app);
  compile(app);
  api = await startApi(path.join(work, 'data'));
  const run = spawnSync(process.execPath, [path.join(app, 'out', 'main.js'), api.url], {
    stdio: 'inherit',
    timeout: 60_000,
  });
  if (run.status !== 0) fail(`the consumer app failed (exit ${run.status}):\n${api.output()}`);
  console.log('consumer-test: the packed contract type-checks and works from another app');
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  if (api) await stopApi(api);
  rmSync(work, { recursive: true, force: true });
}
