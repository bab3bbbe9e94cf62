import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { buildApp } from '../../src/app';
import type { Config } from '../../src/env';
import { createFakeSummarizer, type FakeSummarizer } from '../fakes/summarizer';
import { testConfig } from './config';
import { createTestDatabase, type TestDatabase } from './database';

export interface TestUser {
  id: number;
  username: string;
  password: string;
  access: string;
  refresh: string;
  /** `{ authorization: 'Bearer <access>' }` */
  auth: { authorization: string };
}

export interface TestContext {
  readonly app: FastifyInstance;
  readonly db: TestDatabase;
  readonly config: Config;
  readonly summarizer: FakeSummarizer;
  /** Injects a JSON request: `body` is sent as JSON. */
  request(
    method: InjectOptions['method'],
    url: string,
    options?: { body?: unknown; headers?: Record<string, string>; remoteAddress?: string },
  ): Promise<LightMyRequestResponse>;
  /** Registers and signs in a user. */
  signUp(username?: string, password?: string): Promise<TestUser>;
  /** Another app on the same database with other settings; closed after the file. */
  buildApp(overrides: Partial<Config>): Promise<FastifyInstance>;
}

let userCounter = 0;

/** One database per test file, emptied before each test; one app on it, built once. */
export function useTestApp(overrides: Partial<Config> = {}): TestContext {
  let app: FastifyInstance | undefined;
  let db: TestDatabase | undefined;
  const extraApps: FastifyInstance[] = [];
  const config = testConfig(overrides);
  const summarizer = createFakeSummarizer();

  beforeAll(async () => {
    db = await createTestDatabase();
    app = await buildApp({ config, db: db.handle, summarizer, logger: false });
    await app.ready();
  });

  beforeEach(async () => {
    await db?.truncate();
    // Ids and list versions restart with the tables: what the last test cached is not this test's.
    app?.authUsers.clear();
    app?.listCache.clear();
    for (const extra of extraApps) {
      extra.authUsers.clear();
      extra.listCache.clear();
    }
    summarizer.calls.length = 0;
    summarizer.unavailable = false;
    summarizer.broken = false;
    summarizer.hold = false;
  });

  afterAll(async () => {
    for (const extra of extraApps) await extra.close();
    await app?.close();
    await db?.drop();
  });

  const ctx: TestContext = {
    get app() {
      if (!app) throw new Error('the test app is built in beforeAll');
      return app;
    },
    get db() {
      if (!db) throw new Error('the test database is created in beforeAll');
      return db;
    },
    config,
    summarizer,
    async buildApp(more) {
      const extra = await buildApp({
        config: testConfig({ ...overrides, ...more }),
        db: ctx.db.handle,
        summarizer,
        logger: false,
      });
      extraApps.push(extra);
      return extra;
    },
    request(method, url, options = {}) {
      return ctx.app.inject({
        method,
        url,
        headers: {
          ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...options.headers,
        },
        ...(options.body !== undefined ? { payload: JSON.stringify(options.body) } : {}),
        ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
      });
    },
    async signUp(username = `user${++userCounter}`, password = 'Str0ng!Pass1') {
      const registered = await ctx.request('POST', '/api/user/register/', {
        body: { username, password },
      });
      if (registered.statusCode !== 201) {
        throw new Error(
          `sign-up of ${username} failed: ${registered.statusCode} ${registered.body}`,
        );
      }
      const login = await ctx.request('POST', '/api/token/', { body: { username, password } });
      const tokens = login.json() as { access: string; refresh: string };
      return {
        id: (registered.json() as { id: number }).id,
        username,
        password,
        ...tokens,
        auth: { authorization: `Bearer ${tokens.access}` },
      };
    },
  };
  return ctx;
}
