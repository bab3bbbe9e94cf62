// Starts the built API (which serves the built web app) for the end-to-end tests, on a fresh
// database: an embedded PGlite in a temporary DATA_DIR, or, when DATABASE_URL is set, a new
// database created from it and dropped again on exit. Playwright's webServer runs this script.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const webDir = path.resolve(here, '..');
const apiDir = path.resolve(webDir, '../api');
const serverJs = path.join(apiDir, 'dist/server.js');
const webDist = path.join(webDir, 'dist');

for (const [file, hint] of [
  [serverJs, 'pnpm --filter @prodify/api build'],
  [path.join(webDist, 'index.html'), 'pnpm --filter @prodify/web build'],
]) {
  if (!existsSync(file)) {
    console.error(`e2e: ${file} is missing; run \`${hint}\` first`);
    process.exit(1);
  }
}

const port = process.env.E2E_PORT;
const jwtSecret = process.env.E2E_JWT_SECRET;
if (!port || !jwtSecret) {
  console.error('e2e: E2E_PORT and E2E_JWT_SECRET are set by playwright.config.ts');
  process.exit(1);
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'prodify-e2e-'));
let databaseUrl;
let dropDatabase = async () => {};

if (process.env.DATABASE_URL) {
  // `pg` is the API's dependency; borrow it rather than adding one to the web app.
  const { Client } = createRequire(path.join(apiDir, 'package.json'))('pg');
  const name = `prodify_e2e_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  dropDatabase = async () => {
    const c = new Client({ connectionString: process.env.DATABASE_URL });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
}

const env = {
  ...process.env,
  NODE_ENV: 'production',
  PORT: port,
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  WEB_DIST_DIR: webDist,
  JWT_SECRET: jwtSecret,
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  // Every test signs up and in; the per-IP limits are the API's own tests' business.
  RATE_LIMIT_PER_MINUTE: '100000',
  LOGIN_FAILURES_PER_MINUTE: '100000',
  // Nor do they test load shedding (the API's tests and benchmarks do): in CI the API's suites
  // run beside this server on two cores, and an embedded database's query blocks its event loop,
  // so a lag over the default 250 ms answered a page's script or a delete with 503 (flaky runs).
  MAX_EVENT_LOOP_DELAY_MS: '0',
};
delete env.DATABASE_URL;
delete env.OLLAMA_HOST;
if (databaseUrl) env.DATABASE_URL = databaseUrl;

const api = spawn(process.execPath, [serverJs], { env, stdio: 'inherit' });

let stopping = false;
async function stop(code) {
  if (stopping) return;
  stopping = true;
  if (api.exitCode === null) {
    api.kill('SIGTERM');
    await new Promise((resolve) => {
      const timer = setTimeout(() => {
        api.kill('SIGKILL');
        resolve();
      }, 8000);
      api.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
  await dropDatabase().catch((error) => console.error('e2e: could not drop the database', error));
  await rm(dataDir, { recursive: true, force: true });
  process.exit(code);
}

api.once('exit', (code) => {
  if (!stopping) {
    console.error(`e2e: the API exited early (code ${code})`);
    void stop(1);
  }
});
process.once('SIGTERM', () => void stop(0));
process.once('SIGINT', () => void stop(0));
