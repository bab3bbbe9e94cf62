// Prints the gzip size of every built chunk, and the JavaScript each screen needs before it
// can render (its entry chunk plus every chunk statically imported from there). Fails when
// /landing needs more than the 60 kB gzip budget. Run after `vite build`.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const LANDING_BUDGET_KB = 60;
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const manifestPath = path.join(dist, '.vite/manifest.json');
if (!existsSync(manifestPath)) {
  console.error('sizes: dist/.vite/manifest.json is missing; run `pnpm build` first');
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const kb = (bytes) => (bytes / 1024).toFixed(2);
const sizes = new Map();
function sizeOf(file) {
  if (!sizes.has(file)) {
    const data = readFileSync(path.join(dist, file));
    sizes.set(file, { raw: data.length, gzip: gzipSync(data, { level: 9 }).length });
  }
  return sizes.get(file);
}

// Every chunk and stylesheet.
const assets = readdirSync(path.join(dist, 'assets'))
  .filter((f) => f.endsWith('.js') || f.endsWith('.css'))
  .map((f) => ({ file: `assets/${f}`, ...sizeOf(`assets/${f}`) }))
  .sort((a, b) => b.gzip - a.gzip);
const width = Math.max(...assets.map((a) => a.file.length));
console.log(`${'chunk'.padEnd(width)}  ${'raw kB'.padStart(8)}  ${'gzip kB'.padStart(8)}`);
for (const a of assets) {
  console.log(`${a.file.padEnd(width)}  ${kb(a.raw).padStart(8)}  ${kb(a.gzip).padStart(8)}`);
}

/** The JS files a manifest entry needs before it runs: itself and its static imports. */
function closure(key, seen = new Set()) {
  const entry = manifest[key];
  if (!entry || seen.has(key)) return seen;
  seen.add(key);
  for (const dep of entry.imports ?? []) closure(dep, seen);
  return seen;
}
const jsOf = (keys) =>
  new Set([...keys].map((k) => manifest[k].file).filter((f) => f.endsWith('.js')));
const total = (files) => [...files].reduce((sum, f) => sum + sizeOf(f).gzip, 0);

const routeKey = (name) =>
  Object.keys(manifest).find((k) => k.startsWith(`src/routes/${name}.tsx?tsr-split=`));

const entryKeys = closure('index.html');
const appKeys = closure('src/app.tsx', new Set(entryKeys));
const screens = [
  ['/landing (first visit)', entryKeys],
  ['/login', closure(routeKey('login'), new Set(appKeys))],
  ['/register', closure(routeKey('register'), new Set(appKeys))],
  ...[
    ['/', '_app/index'],
    ['/note-history', '_app/note-history'],
    ['/todo', '_app/todo'],
    ['/calendar', '_app/calendar'],
    ['/settings', '_app/settings'],
  ].map(([url, name]) => [
    url,
    closure(routeKey(name), closure(routeKey('_app'), new Set(appKeys))),
  ]),
];

console.log('\nInitial JS per screen (gzip):');
for (const [url, keys] of screens) {
  const files = jsOf(keys);
  console.log(`  ${url.padEnd(24)} ${kb(total(files)).padStart(7)} kB in ${files.size} files`);
}

const landing = total(jsOf(entryKeys)) / 1024;
const ok = landing <= LANDING_BUDGET_KB;
console.log(
  `\n/landing initial JS: ${landing.toFixed(2)} kB gzip (budget ${LANDING_BUDGET_KB} kB): ${ok ? 'OK' : 'OVER BUDGET'}`,
);
process.exit(ok ? 0 : 1);
