import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/support/app';

const ctx = useTestApp();

/** A web build as Vite writes it: two pages, a hashed chunk, and .br/.gz copies of the text. */
function webBuild({ landing = true } = {}) {
  const dist = mkdtempSync(path.join(tmpdir(), 'prodify-static-'));
  mkdirSync(path.join(dist, 'assets'));
  const files: Record<string, string> = {
    'index.html': '<!doctype html><title>Prodify app</title>',
    'assets/app-abc123.js': `export const app = ${JSON.stringify('x'.repeat(2000))};`,
    'robots.txt': 'User-agent: *\nDisallow: /api/\n',
  };
  if (landing) files['landing.html'] = '<!doctype html><title>Prodify landing</title>';
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(path.join(dist, name), text);
    if (name.endsWith('.txt')) continue;
    writeFileSync(path.join(dist, `${name}.br`), brotliCompressSync(text));
    writeFileSync(path.join(dist, `${name}.gz`), gzipSync(text));
  }
  return dist;
}

describe('the static plugin', () => {
  it('serves /landing from landing.html and every other page from index.html', async () => {
    const app = await ctx.buildApp({ webDistDir: webBuild() });
    for (const url of ['/landing', '/landing/', '/landing?from=nav']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('Prodify landing');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    for (const url of ['/', '/login', '/landing/x', '/landingx', '/note-history?page=2']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('Prodify app');
    }
  });

  it('falls back to index.html for /landing when the build has no landing page', async () => {
    const app = await ctx.buildApp({ webDistDir: webBuild({ landing: false }) });
    const res = await app.inject({ method: 'GET', url: '/landing' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Prodify app');
  });

  it('sends the precompressed copy the browser accepts, with Vary, and the file otherwise', async () => {
    const app = await ctx.buildApp({ webDistDir: webBuild() });
    const url = '/assets/app-abc123.js';

    const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('export const app');
    expect(br.rawPayload.length).toBeLessThan(200);

    const gz = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('export const app');

    const plain = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': '' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('export const app');

    // The SPA pages too.
    const page = await app.inject({
      method: 'GET',
      url: '/landing',
      headers: { 'accept-encoding': 'br' },
    });
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('Prodify landing');

    // A file without compressed copies is sent as it is.
    const robots = await app.inject({
      method: 'GET',
      url: '/robots.txt',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-encoding']).toBeUndefined();
    expect(robots.body).toContain('Disallow: /api/');
  });
});
