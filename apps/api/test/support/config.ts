import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Config, loadConfig } from '../../src/env';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The configuration tests run with: parsed by the same code as production, then made fast and
 * roomy. argon2 is lowered (tests only: production defaults are checked by a unit test), and
 * the per-IP limits are high, since every injected request comes from 127.0.0.1; the rate-limit
 * tests set their own low limits (and one runs at the real defaults).
 */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig(
    {
      NODE_ENV: 'test',
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789',
      DATA_DIR: path.join(here, '..', '..', '.test-data'),
      WEB_DIST_DIR: path.join(here, 'no-web-build'),
      LOG_LEVEL: 'silent',
    },
    process.cwd(),
  );
  return {
    ...base,
    argon2: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
    rateLimitPerMinute: 100_000,
    loginFailuresPerMinute: 100_000,
    // The event-loop lag check is off: test files run in parallel with each other (and with the
    // browser tests) on few cores, and in-memory PGlite runs on the test's own thread, so lag
    // there says nothing about the app. The overload tests build apps with it on.
    overload: { ...base.overload, maxEventLoopDelayMs: 0 },
    ...overrides,
  };
}
