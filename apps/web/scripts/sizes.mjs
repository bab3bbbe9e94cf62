// Prints the gzip and brotli size of every built chunk, and the JavaScript each screen needs
// before it can render (its entry chunk plus every chunk statically imported from there). The
// sizes are those of the .gz/.br files the build writes next to each chunk (the files the API
// sends; see scripts/precompress.ts), or computed here when a build has none. Fails when
// /landing needs more than the 60 kB gzip budget. Run after `vite build`.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

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
/** The size of the precompressed variant the build wrote, or of one made here. */
function variant(full, ext, compress) {
  return existsSync(`${full}.${ext}`) ? statSync(`${full}.${ext}`).size : compress().length;
}
function sizeOf(file) {
  if (!sizes.has(file)) {
    const full = path.join(dist, file);
    const data = readFileSync(full);
    sizes.set(file, {
      raw: data.length,
      gzip: variant(full, 'gz', () => gzipSync(data, { level: 9 })),
      br: variant(full, 'br', () =>
        brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      ),
    });
  }
  return sizes.get(file);
}
const served = existsSync(path.join(dist, 'index.html.br'))
  ? 'the .gz/.br files the API serves'
  : 'computed: this build has no .gz/.br files';

// Every chunk and stylesheet.
const assets = readdirSync(path.join(dist, 'assets'))
  .filter((f) => f.endsWith('.js') || f.endsWith('.css'))
  .map((f) => ({ file: `assets/${f}`, ...sizeOf(`assets/${f}`) }))
  .sort((a, b) => b.gzip - a.gzip);
const width = Math.max(...assets.map((a) => a.file.length));
const row = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(width) : c.padStart(8))).join('  ');
console.log(`Built chunks (compressed sizes: ${served})`);
console.log(row(['chunk', 'raw kB', 'gzip kB', 'br kB']));
for (const a of assets) console.log(row([a.file, kb(a.raw), kb(a.gzip), kb(a.br)]));

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
const total = (files, kind = 'gzip') => [...files].reduce((sum, f) => sum + sizeOf(f)[kind], 0);

const routeKey = (name) =>
  Object.keys(manifest).find((k) => k.startsWith(`src/routes/${name}.tsx?tsr-split=`));

// landing.html draws /landing without React; index.html (every other path) starts the app.
const entryKeys = closure('landing.html');
const appKeys = closure('index.html');
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

console.log('\nInitial JS per screen:');
for (const [url, keys] of screens) {
  const files = jsOf(keys);
  console.log(
    `  ${url.padEnd(24)} ${kb(total(files)).padStart(7)} kB gzip ${kb(total(files, 'br')).padStart(7)} kB br  in ${files.size} files`,
  );
}

const landing = total(jsOf(entryKeys)) / 1024;
const ok = landing <= LANDING_BUDGET_KB;
console.log(
  `\n/landing initial JS: ${landing.toFixed(2)} kB gzip (budget ${LANDING_BUDGET_KB} kB): ${ok ? 'OK' : 'OVER BUDGET'}`,
);
process.exit(ok ? 0 : 1);
