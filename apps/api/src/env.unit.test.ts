import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

const tmp = () => mkdtempSync(path.join(tmpdir(), 'prodify-env-'));

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const dir = tmp();
    const config = loadConfig({}, dir);
    expect(config).toMatchObject({
      env: 'development',
      port: 8000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      dataDir: path.join(dir, 'data'),
      pgliteDir: path.join(dir, 'data', 'pglite'),
      accessTokenLifetime: 1800,
      refreshTokenLifetime: 86_400,
      corsOrigins: [],
      trustProxy: false,
      logLevel: 'info',
      rateLimitPerMinute: 60,
      loginFailuresPerMinute: 10,
      summarizer: { ollamaHost: undefined, ollamaModel: 'llama3.2:3b', ollamaTimeoutMs: 30_000 },
    });
    expect(config.webDistDir.endsWith(path.join('web', 'dist'))).toBe(true);
  });

  it('parses lists, numbers and proxies, and treats empty values as unset', () => {
    const config = loadConfig(
      {
        PORT: '9000',
        CORS_ORIGINS: 'http://localhost:5173, https://app.example.com/',
        TRUST_PROXY: '1',
        DATABASE_URL: '',
        JWT_SECRET: 'y'.repeat(40),
      },
      tmp(),
    );
    expect(config.port).toBe(9000);
    expect(config.corsOrigins).toEqual(['http://localhost:5173', 'https://app.example.com']);
    expect(config.trustProxy).toBe(1);
    expect(config.databaseUrl).toBeUndefined();
  });

  it('refuses bad values with a readable message', () => {
    expect(() => loadConfig({ PORT: 'eighty' }, tmp())).toThrow(ConfigError);
    expect(() => loadConfig({ CORS_ORIGINS: 'not a url' }, tmp())).toThrow(/CORS_ORIGINS/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' }, tmp())).toThrow(/DATABASE_URL/);
  });

  it('takes a hop count or proxy addresses for TRUST_PROXY', () => {
    const trust = (value: string) => loadConfig({ TRUST_PROXY: value }, tmp()).trustProxy;
    expect(trust('2')).toBe(2);
    expect(trust('0')).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('127.0.0.1, 10.0.0.0/8,::1,fd00::/8')).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
    ]);
    expect(trust('loopback,uniquelocal')).toEqual(['loopback', 'uniquelocal']);
  });

  it('refuses TRUST_PROXY=true in one line that says why and what to set', () => {
    for (const value of ['true', 'TRUE', ' true ']) {
      const attempt = () => loadConfig({ TRUST_PROXY: value }, tmp());
      expect(attempt).toThrow(ConfigError);
      expect(attempt).toThrow(
        "invalid environment: TRUST_PROXY: true would take any client's word for its IP (X-Forwarded-For), which lets it dodge the rate limits: set the number of proxies in front of the API (e.g. 1) or their addresses (e.g. 127.0.0.1,10.0.0.0/8)",
      );
    }
  });

  it('refuses TRUST_PROXY entries that are no address or range', () => {
    for (const value of ['proxy.example.com', '10.0.0.0/33', '10.0.0.1/8/1', '1.2.3', '-1']) {
      expect(() => loadConfig({ TRUST_PROXY: value }, tmp())).toThrow(
        /TRUST_PROXY: ".*" is neither/,
      );
    }
  });

  it('reports every bad variable on one line', () => {
    const attempt = () => loadConfig({ PORT: 'eighty', TRUST_PROXY: 'true' }, tmp());
    expect(attempt).toThrow(/^invalid environment: PORT: .*; TRUST_PROXY: true would/);
    expect(attempt).not.toThrow(/\n/);
  });

  it('takes REDIS_URL for shared limits, unset by default, and refuses other schemes', () => {
    expect(loadConfig({}, tmp()).redis).toEqual({ url: undefined, keyPrefix: 'prodify:limits:' });
    const given = loadConfig(
      { REDIS_URL: 'redis://127.0.0.1:6379/2', REDIS_KEY_PREFIX: 'p:' },
      tmp(),
    );
    expect(given.redis).toEqual({ url: 'redis://127.0.0.1:6379/2', keyPrefix: 'p:' });
    expect(() => loadConfig({ REDIS_URL: 'http://127.0.0.1:6379' }, tmp())).toThrow(
      'REDIS_URL must start with redis:// or rediss://',
    );
  });

  it('keeps 64 MB of disk free by default (MIN_FREE_DISK_MB, 0 turns it off)', () => {
    expect(loadConfig({}, tmp()).minFreeDiskBytes).toBe(64 * 1024 * 1024);
    expect(loadConfig({ MIN_FREE_DISK_MB: '0' }, tmp()).minFreeDiskBytes).toBe(0);
    expect(() => loadConfig({ MIN_FREE_DISK_MB: '-1' }, tmp())).toThrow(/MIN_FREE_DISK_MB/);
  });

  it('generates a JWT secret once, mode 0600, in the embedded mode', () => {
    const dir = tmp();
    const first = loadConfig({ NODE_ENV: 'production' }, dir);
    const file = path.join(dir, 'data', 'jwt-secret');
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.jwtSecret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ NODE_ENV: 'production' }, dir).jwtSecret).toBe(first.jwtSecret);
  });

  it('refuses a weak secret in production, and a missing one with DATABASE_URL', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'short' }, tmp())).toThrow(
      /too weak/,
    );
    expect(() =>
      loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/x' }, tmp()),
    ).toThrow(/JWT_SECRET is required/);
    const dir = tmp();
    writeFileSync(path.join(dir, 'jwt-secret'), 'tiny');
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dir }, tmp())).toThrow(/shorter/);
  });

  it('accepts a short secret outside production', () => {
    expect(loadConfig({ JWT_SECRET: 'dev' }, tmp()).jwtSecret).toBe('dev');
  });
});
