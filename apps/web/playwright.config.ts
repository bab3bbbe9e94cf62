import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './e2e/chromium.mjs';
import { measureSlowness, REFERENCE_MS, scaled } from './e2e/slowness';

/**
 * The runner sets these once; its workers inherit them (they re-read this file), so every
 * process agrees on the API's port and the JWT secret the tests use to forge expired tokens.
 */
function freePort(): string {
  return execFileSync(process.execPath, [
    '-e',
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
  ]).toString();
}
process.env.E2E_PORT ??= freePort();
process.env.E2E_JWT_SECRET ??= randomBytes(48).toString('base64url');
// Measured once, here in the runner, before the server and the browsers start (ADR 0204).
if (process.env.E2E_SLOWNESS === undefined) {
  const { factor, ms, loadPerCore } = measureSlowness();
  process.env.E2E_SLOWNESS = String(factor);
  console.log(
    `e2e: slowness ${factor} (calibration ${Math.round(ms)} ms against ${REFERENCE_MS} ms, ` +
      `load ${loadPerCore.toFixed(1)} per core): timeouts ×${factor}`,
  );
}

const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results/artifacts',
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  retries: process.env.CI ? 1 : 0,
  // The reference machine's budgets, times this run's slowness (e2e/slowness.ts).
  timeout: scaled(30_000),
  expect: { timeout: scaled(7_000) },
  reporter: process.env.CI ? [['list'], ['github']] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    // The app's service worker (ADR 0520) would answer some requests before page.route sees
    // them; only the offline specs allow it.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node e2e/serve.mjs',
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: scaled(60_000),
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
