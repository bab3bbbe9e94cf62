// Web performance benchmark: builds the API and the web app (through turbo, so nothing is
// rebuilt when nothing changed), prints the sizes of the built chunks (scripts/sizes.mjs),
// starts the built API serving the built web app on a free port with a fresh embedded database
// (e2e/serve.mjs), seeds one user with many notes and to-dos, and runs Lighthouse in Debian's
// Chromium on each screen with the mobile (Lighthouse's default, simulated slow 4G and a 4x
// slower CPU) and desktop presets. Prints the scores, FCP/LCP/TBT/CLS, and for the list screens
// the API requests the page made (only one page may be fetched, never the whole list).
//
//   pnpm bench:web [--no-build] [--runs=N] [--pages=/landing,/login] [--notes=N] [--todos=N]
//
// With --runs=N each page is measured N times and the run with the median performance score
// is reported. Full reports go to test-results/lighthouse/. Exits non-zero when a goal is not
// met (/landing and /login: performance and accessibility >= 95 on both presets; /landing's
// initial JS <= 60 kB gzip; list screens fetch pages only). See docs/decisions/0500-*.md.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../e2e/chromium.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const webDir = path.resolve(here, '..');
const rootDir = path.resolve(webDir, '../..');
const reportDir = path.join(webDir, 'test-results/lighthouse');

// ---------------------------------------------------------------------------------- options
const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [key, value] = a.replace(/^--/, '').split('=');
    return [key, value ?? 'true'];
  }),
);
const RUNS = Math.max(1, Number(args.runs ?? 1));
const NOTES = Number(args.notes ?? 5000);
const TODOS = Number(args.todos ?? 5000);
const PUBLIC_PAGES = ['/landing', '/login', '/register'];
const SIGNED_IN_PAGES = ['/', '/note-history', '/todo', '/calendar', '/settings'];
const PAGES = args.pages ? args.pages.split(',') : [...PUBLIC_PAGES, ...SIGNED_IN_PAGES];
const GOAL_PAGES = ['/landing', '/login'];
const GOAL_SCORE = 95;
// Lighthouse starts Chromium itself: headless mode is a flag there.
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];
const PASSWORD = 'Bench!Pass123';

const goals = [];
const goal = (name, met, detail) => goals.push({ name, met, detail });

// ------------------------------------------------------------------------------------ build
if (args['no-build'] !== 'true') {
  console.log('Building the API and the web app (turbo; cached when unchanged)...');
  const build = spawnSync(
    'pnpm',
    [
      'exec',
      'turbo',
      'run',
      'build',
      '--filter=@prodify/api',
      '--filter=@prodify/web',
      '--output-logs=errors-only',
    ],
    { cwd: rootDir, stdio: 'inherit' },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// ------------------------------------------------------------------------------------ sizes
console.log('\n== Sizes ==');
const sizes = spawnSync(process.execPath, [path.join(here, 'sizes.mjs')], {
  cwd: webDir,
  encoding: 'utf8',
});
process.stdout.write(sizes.stdout);
process.stderr.write(sizes.stderr);
const landingKb = /\/landing initial JS: ([\d.]+) kB/.exec(sizes.stdout)?.[1];
goal('/landing initial JS <= 60 kB gzip', sizes.status === 0, `${landingKb ?? '?'} kB`);
if (!landingKb) process.exit(1);

// ----------------------------------------------------------------------------------- server
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const serverEnv = {
  ...process.env,
  E2E_PORT: String(port),
  E2E_JWT_SECRET: randomBytes(48).toString('base64url'),
  E2E_LOG_LEVEL: 'warn',
};
// A fresh embedded database, whatever the shell has.
delete serverEnv.DATABASE_URL;
const server = spawn(process.execPath, [path.join(webDir, 'e2e/serve.mjs')], {
  env: serverEnv,
  stdio: ['ignore', 'inherit', 'inherit'],
});
let chrome;
async function cleanUp() {
  await chrome?.kill().catch(() => {});
  if (server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
}
process.once('SIGINT', () => void cleanUp().then(() => process.exit(130)));

const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 8 });

/** A plain HTTP request; resolves with status, headers, the body and its size on the wire. */
function request(method, urlPath, { body, headers = {} } = {}) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      `${origin}${urlPath}`,
      {
        method,
        headers: {
          ...headers,
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
        agent: keepAlive,
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const text = res.headers['content-encoding'] ? '' : raw.toString('utf8');
          resolve({ status: res.statusCode, headers: res.headers, bytes: raw.length, text });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function waitForReady() {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error('the API exited during start-up');
    const res = await request('GET', '/readyz').catch(() => null);
    if (res?.status === 200) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the API did not become ready within 60 s');
}

// ------------------------------------------------------------------------------------- main
async function main() {
  console.log(`\n== Serving (${origin}, NODE_ENV=production, fresh PGlite) ==`);
  await checkServing();

  const session = await seed();

  console.log(
    `\n== Lighthouse ${lighthouseVersion()} in ${CHROMIUM_PATH} (${RUNS} run${RUNS > 1 ? 's' : ''} a page, median by performance) ==`,
  );
  const settled = Date.now();
  const busy = await waitForQuiet({ busyBelow: 0.2, maxMs: 60_000, windowMs: 2000 });
  console.log(
    `load average ${loadavg()}; CPU busy ${pct(busy)} after waiting ${((Date.now() - settled) / 1000).toFixed(0)} s for the machine to settle`,
  );
  mkdirSync(reportDir, { recursive: true });
  // A first Chromium start pays for cold caches of its own; not reported.
  await audit('/landing', 'mobile', null);
  const results = [];
  for (const preset of ['mobile', 'desktop']) {
    for (const page of PAGES) {
      const signedIn = SIGNED_IN_PAGES.includes(page);
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        const before = await waitForQuiet({ busyBelow: 0.5, maxMs: 20_000, windowMs: 500 });
        // A trace Chromium failed to record (NO_NAVSTART, now and then) is measured again.
        let run = await audit(page, preset, signedIn ? session : null);
        run.busyBefore = before;
        for (let retry = 0; run.runtimeError && retry < 2; retry++) {
          console.log(`  (${preset} ${page}: ${run.runtimeError}; measuring again)`);
          run = await audit(page, preset, signedIn ? session : null);
        }
        runs.push(run);
      }
      runs.sort((a, b) => a.scores.performance - b.scores.performance);
      const median = runs[Math.floor((runs.length - 1) / 2)];
      const name = `${preset}${page === '/' ? '-home' : page.replaceAll('/', '-')}`;
      writeFileSync(path.join(reportDir, `${name}.json`), median.report);
      for (const run of runs) run.report = undefined;
      results.push(median);
      printResult(median, runs);
    }
  }
  console.log(`load after: ${loadavg()}`);
  printTable(results);

  for (const page of GOAL_PAGES) {
    for (const preset of ['mobile', 'desktop']) {
      const r = results.find((x) => x.page === page && x.preset === preset);
      if (!r) continue;
      for (const category of ['performance', 'accessibility']) {
        goal(
          `${page} ${preset} ${category} >= ${GOAL_SCORE}`,
          r.scores[category] >= GOAL_SCORE,
          String(r.scores[category]),
        );
      }
    }
  }

  console.log('\n== Goals ==');
  for (const g of goals) console.log(`${g.met ? 'met    ' : 'NOT MET'}  ${g.name} (${g.detail})`);
  if (goals.some((g) => !g.met)) process.exitCode = 1;
}

// ---------------------------------------------------------------------------------- serving
/** How the built app is served: encodings and cache headers of the page and its assets. */
async function checkServing() {
  const page = await request('GET', '/landing', { headers: { 'accept-encoding': 'br, gzip' } });
  const entry = /src="(\/assets\/[^"]+\.js)"/.exec((await request('GET', '/landing')).text)?.[1];
  const font = firstAsset(/\.woff2$/);
  const rows = [['/landing', page]];
  for (const [label, url] of [
    [`${entry} (entry)`, entry],
    [`${font} (font)`, font],
  ]) {
    if (url) {
      rows.push([label, await request('GET', url, { headers: { 'accept-encoding': 'br, gzip' } })]);
    }
  }
  for (const [label, res] of [
    ['/robots.txt', await request('GET', '/robots.txt')],
    [
      '/favicon.svg',
      await request('GET', '/favicon.svg', { headers: { 'accept-encoding': 'br, gzip' } }),
    ],
  ]) {
    rows.push([label, res]);
  }
  for (const [label, res] of rows) {
    console.log(
      `${label}: ${res.status}, ${res.bytes} bytes on the wire, content-encoding: ${
        res.headers['content-encoding'] ?? 'none'
      }, cache-control: ${res.headers['cache-control'] ?? 'none'}`,
    );
  }
  if (entry) {
    const res = rows.find(([label]) => label.startsWith(entry))?.[1];
    goal('assets are served precompressed (br)', res?.headers['content-encoding'] === 'br', entry);
  }
}

function firstAsset(pattern) {
  const manifest = JSON.parse(readFileSync(path.join(webDir, 'dist/.vite/manifest.json'), 'utf8'));
  for (const entry of Object.values(manifest)) {
    for (const file of [entry.file, ...(entry.assets ?? [])]) {
      if (pattern.test(file)) return `/${file}`;
    }
  }
  return undefined;
}

// ------------------------------------------------------------------------------------- seed
/** One user with NOTES notes, TODOS to-dos and a few events today, created through the API. */
async function seed() {
  const username = `bench${randomBytes(4).toString('hex')}`;
  const reg = await request('POST', '/api/user/register/', {
    body: { username, password: PASSWORD },
  });
  if (reg.status !== 201) throw new Error(`register: ${reg.status} ${reg.text}`);
  const login = await request('POST', '/api/token/', { body: { username, password: PASSWORD } });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${login.text}`);
  const { access, refresh } = JSON.parse(login.text);
  const headers = { authorization: `Bearer ${access}` };

  const words = 'plan write review call ship fix read draft test sketch meet note'.split(' ');
  const text = (i, n) =>
    Array.from({ length: n }, (_, k) => words[(i * 7 + k * 3) % words.length]).join(' ');
  const today = new Date();
  const iso = (d) =>
    `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

  const jobs = [
    ...Array.from(
      { length: NOTES },
      (_, i) => () =>
        request('POST', '/api/notes/', {
          headers,
          body: { title: `Note ${i + 1}: ${text(i, 3)}`, content: `${text(i, 40)}.` },
        }),
    ),
    ...Array.from({ length: TODOS }, (_, i) => () => {
      const due = new Date(today);
      due.setDate(due.getDate() + (i % 400) - 30);
      return request('POST', '/api/todos/', {
        headers,
        body: {
          task: `Task ${i + 1}: ${text(i, 4)}`,
          due_date: i % 5 === 0 ? null : iso(due),
          priority: ['L', 'M', 'H'][i % 3],
        },
      });
    }),
    ...Array.from(
      { length: 12 },
      (_, i) => () =>
        request('POST', '/api/calendar/events/', {
          headers,
          body: {
            title: `Event ${i + 1}`,
            date: iso(today),
            time: i % 3 === 0 ? null : `${String(8 + i).padStart(2, '0')}:30`,
          },
        }),
    ),
  ];
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const res = await jobs[next++]();
      if (res.status !== 201) throw new Error(`seeding: ${res.status} ${res.text}`);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  console.log(
    `\n== Seeded one user: ${NOTES} notes, ${TODOS} to-dos, 12 events today in ${(
      (performance.now() - started) / 1000
    ).toFixed(1)} s ==`,
  );

  // What paging saves: page 1 against the whole list, as the browser would fetch it.
  const gz = { ...headers, 'accept-encoding': 'gzip' };
  for (const [label, url] of [
    ['notes page 1', '/api/notes/?page=1&page_size=10&ordering=-created_at'],
    ['notes, whole list', '/api/notes/'],
    ['to-dos page 1', '/api/todos/?page=1&page_size=10&ordering=due_date'],
    ['to-dos, whole list', '/api/todos/'],
  ]) {
    await request('GET', url, { headers: gz }); // warm
    const times = [];
    let res;
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      res = await request('GET', url, { headers: gz });
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    console.log(
      `${label.padEnd(20)} GET ${url.padEnd(52)} ${res.status}  median ${times[2].toFixed(1).padStart(6)} ms  ${(res.bytes / 1024).toFixed(1).padStart(7)} kB${res.headers['content-encoding'] ? ` (${res.headers['content-encoding']})` : ''}`,
    );
  }
  return { access, refresh };
}

// ------------------------------------------------------------------------------- lighthouse
function lighthouseVersion() {
  return spawnSync(process.execPath, ['-p', "require('lighthouse/package.json').version"], {
    cwd: webDir,
    encoding: 'utf8',
  }).stdout.trim();
}

function loadavg() {
  return os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');
}

/** The machine's busy CPU fraction over `ms` (all cores), from /proc/stat; null elsewhere. */
async function cpuBusy(ms) {
  if (!existsSync('/proc/stat')) return null;
  const sample = () => {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
    const n = fields.slice(1).map(Number);
    return { idle: (n[3] ?? 0) + (n[4] ?? 0), total: n.reduce((a, b) => a + b, 0) };
  };
  const a = sample();
  await new Promise((r) => setTimeout(r, ms));
  const b = sample();
  return b.total === a.total ? 0 : 1 - (b.idle - a.idle) / (b.total - a.total);
}

/**
 * Waits (up to `maxMs`) until the machine is mostly idle: Lighthouse's simulated timings scale
 * with the CPU time it observes, so work still running elsewhere (the database settling after
 * the seeding, another process) would be charged to the page. Returns the last busy fraction.
 */
async function waitForQuiet({ busyBelow, maxMs, windowMs }) {
  const start = Date.now();
  let busy = await cpuBusy(windowMs);
  while (busy !== null && busy >= busyBelow && Date.now() - start < maxMs) {
    busy = await cpuBusy(windowMs);
  }
  return busy;
}
const pct = (busy) => (busy === null ? 'n/a' : `${Math.round(busy * 100)}%`);

/** Puts the session's tokens in local storage (Lighthouse keeps local storage by default). */
async function signIn(chromePort, session) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chromePort}`);
  try {
    const page = await browser.contexts()[0].newPage();
    await page.goto(`${origin}/favicon.svg`);
    await page.evaluate(({ access, refresh }) => {
      localStorage.setItem('access', access);
      localStorage.setItem('refresh', refresh);
    }, session);
    await page.close();
  } finally {
    await browser.close();
  }
}

const METRICS = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  CLS: 'cumulative-layout-shift',
  SI: 'speed-index',
};
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/** One Lighthouse run in a fresh Chromium profile. */
async function audit(page, preset, session) {
  chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
  });
  try {
    if (session) await signIn(chrome.port, session);
    const result = await lighthouse(
      `${origin}${page}`,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: CATEGORIES,
      },
      preset === 'desktop' ? desktopConfig : undefined,
    );
    const { lhr } = result;

    const scores = Object.fromEntries(
      CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
    );
    const metrics = Object.fromEntries(
      Object.entries(METRICS).map(([k, id]) => [k, lhr.audits[id]?.numericValue]),
    );
    // Audits that cost points: scored below 1 in a category where they weigh something.
    const lost = [];
    for (const c of CATEGORIES) {
      for (const ref of lhr.categories[c]?.auditRefs ?? []) {
        const a = lhr.audits[ref.id];
        if (ref.weight > 0 && a && a.score !== null && a.score < 1) {
          lost.push(`${ref.id}${a.displayValue ? ` (${a.displayValue})` : ''}`);
        }
      }
    }
    const requests = (lhr.audits['network-requests']?.details?.items ?? [])
      .map((r) => new URL(r.url))
      .filter((u) => u.origin === origin && u.pathname.startsWith('/api/'))
      .map((u) => `${u.pathname}${u.search}`);
    return {
      page,
      preset,
      report: result.report,
      scores,
      metrics,
      lost,
      requests,
      warnings: lhr.runWarnings ?? [],
      runtimeError: lhr.runtimeError?.message,
    };
  } finally {
    await chrome.kill();
    chrome = undefined;
  }
}

const fmtMs = (v) => (v === undefined ? '-' : `${Math.round(v)} ms`);
const fmtCls = (v) => (v === undefined ? '-' : v.toFixed(3));

function printResult(r, runs) {
  const s = r.scores;
  const m = r.metrics;
  console.log(
    `\n${r.preset} ${r.page}: performance ${s.performance}, accessibility ${s.accessibility}, best practices ${s['best-practices']}, SEO ${s.seo}` +
      (runs.length > 1
        ? ` (performance over runs: ${runs.map((x) => x.scores.performance).join(', ')})`
        : ''),
  );
  console.log(
    `  FCP ${fmtMs(m.FCP)}, LCP ${fmtMs(m.LCP)}, TBT ${fmtMs(m.TBT)}, CLS ${fmtCls(m.CLS)}, SI ${fmtMs(m.SI)}; CPU busy before: ${pct(r.busyBefore)}`,
  );
  if (r.runtimeError) console.log(`  runtime error: ${r.runtimeError}`);
  if (r.lost.length) console.log(`  lost points: ${r.lost.join('; ')}`);
  for (const w of r.warnings) console.log(`  warning: ${w.split('\n')[0]}`);
  if (r.requests.length) console.log(`  API requests: ${r.requests.join('  ')}`);
  const lists = r.requests.filter((u) => /^\/api\/(notes|todos)\/?(\?|$)/.test(u));
  if (lists.length) {
    const unpaged = lists.filter((u) => !/[?&]page=\d+/.test(u) || !/[?&]page_size=10\b/.test(u));
    goal(
      `${r.preset} ${r.page} fetches one page of its list, never the whole list`,
      unpaged.length === 0,
      unpaged.length ? `unpaged: ${unpaged.join(' ')}` : `${lists.length} paged request(s)`,
    );
  }
}

function printTable(results) {
  console.log('\n== Summary ==');
  const head = ['preset', 'page', 'perf', 'a11y', 'best', 'seo', 'FCP', 'LCP', 'TBT', 'CLS'];
  const widths = [7, 14, 4, 4, 4, 4, 8, 8, 8, 6];
  const line = (cells) =>
    cells
      .map((c, i) => (i < 2 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i])))
      .join(' ');
  console.log(line(head));
  for (const r of results) {
    console.log(
      line([
        r.preset,
        r.page,
        r.scores.performance,
        r.scores.accessibility,
        r.scores['best-practices'],
        r.scores.seo,
        fmtMs(r.metrics.FCP),
        fmtMs(r.metrics.LCP),
        fmtMs(r.metrics.TBT),
        fmtCls(r.metrics.CLS),
      ]),
    );
  }
}

// -------------------------------------------------------------------------------------- run
try {
  await waitForReady();
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
