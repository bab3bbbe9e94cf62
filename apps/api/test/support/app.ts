import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import { buildApp } from '../../src/app';
import type { Config } from '../../src/env';
import { createFakeSummarizer, type FakeSummarizer } from '../fakes/summarizer';
import { testConfig } from './config';
import { createTestDatabase, type TestDatabase } from './database';
import { type Req, send, signUp, type TestUser } from './inject';

export interface TestContext {
  readonly app: FastifyInstance;
  readonly db: TestDatabase;
  readonly config: Config;
  readonly summarizer: FakeSummarizer;
  /** Injects a JSON request: `body` is sent as JSON. */
  request(
    method: InjectOptions['method'],
    url: string,
    options?: Omit<Req, 'method' | 'url'>,
  ): Promise<LightMyRequestResponse>;
  /** Registers and signs in a user. */
  signUp(username?: string, password?: string): Promise<TestUser>;
  /** Another app on the same database with other settings; closed after the file. */
  buildApp(overrides: Partial<Config>): Promise<FastifyInstance>;
}

export type { TestUser };

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
    app = await buildApp({
      config,
      db: db.handle,
      summarizer,
      logger: false,
      transferWorker: inject('transferWorker'),
    });
    await app.ready();
  });

  beforeEach(async () => {
    await db?.truncate();
    // Ids and list versions restart with the tables: what the last test cached is not this test's.
    app?.authUsers.clear();
    app?.listCache.clear();
    app?.sessionTouches.clear();
    for (const extra of extraApps) {
      extra.authUsers.clear();
      extra.listCache.clear();
      extra.sessionTouches.clear();
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
        transferWorker: inject('transferWorker'),
      });
      extraApps.push(extra);
      return extra;
    },
    request(method, url, options = {}) {
      return send(ctx.app, { method, url, ...options });
    },
    signUp(username = `user${++userCounter}`, password = 'Str0ng!Pass1') {
      return signUp(ctx.app, username, password);
    },
  };
  return ctx;
}
