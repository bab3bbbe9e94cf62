// Debian's Chromium, as the browser tests (playwright.config.ts) and the page benchmark
// (scripts/bench-web.mjs) start it. `npx playwright install` cannot download a browser here.
// The background-networking flags keep it from calling Google's hosts, which this machine's
// closed network refuses, many at a time.

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
