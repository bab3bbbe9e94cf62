import { existsSync } from 'node:fs';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * One rule, by file name: a `*.unit.test.ts` needs no test database and runs once; every other
 * `*.test.ts` is a database suite and runs once per database. Three projects follow from it:
 * - `unit`: the `*.unit.test.ts` files;
 * - `pglite`: every database suite on PGlite, always (each file on a copy of a migrated
 *   template made once per run);
 * - `postgres`: the same suites on real Postgres: DATABASE_URL if set, else Testcontainers when
 *   a Docker engine answers, else skipped with a notice.
 */
const FOLDERS = '{src,test,bench}';
const UNIT = [`${FOLDERS}/**/*.unit.test.ts`];
const DB_SUITES = [`${FOLDERS}/**/*.test.ts`];

async function dockerAnswers(): Promise<boolean> {
  const socket = process.env.DOCKER_HOST || existsSync('/var/run/docker.sock');
  if (!socket) return false;
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await Promise.race([
      getContainerRuntimeClient(),
      new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 15_000)),
    ]);
    return true;
  } catch {
    return false;
  }
}

function dbProject(backend: 'pglite' | 'postgres'): TestProjectInlineConfiguration {
  return {
    extends: true,
    test: {
      name: backend,
      include: DB_SUITES,
      exclude: UNIT,
      provide: { backend },
      globalSetup: [
        `test/support/${backend === 'pglite' ? 'pglite-template' : 'postgres-server'}.ts`,
        'test/support/transfer-worker.ts',
      ],
    },
  };
}

export default defineConfig(async () => {
  const projects: TestProjectInlineConfiguration[] = [
    {
      extends: true,
      test: { name: 'unit', include: UNIT, globalSetup: ['test/support/transfer-worker.ts'] },
    },
    dbProject('pglite'),
  ];
  if (process.env.DATABASE_URL || (await dockerAnswers())) {
    projects.push(dbProject('postgres'));
  } else {
    console.warn(
      '[api tests] postgres project skipped: DATABASE_URL is not set and no Docker engine answers. ' +
        'The suites run on PGlite only. Set DATABASE_URL=postgres://... to run them on Postgres.',
    );
  }
  return {
    // The contract's TypeScript source (its `@prodify/source` export), not its build: ADR 0007.
    // The rest is Vite's default list for server code.
    ssr: {
      resolve: { conditions: ['@prodify/source', 'module', 'node', 'development|production'] },
    },
    test: {
      projects,
      environment: 'node',
      // From costs measured on 2 cores with the load average at 17 to 26 (ADR 0005): a suite's
      // beforeAll, which opens its database, took up to 24 s; the slowest test 15 s (the fuzz
      // and the tests that start a database of their own set their own).
      hookTimeout: 60_000,
      testTimeout: 45_000,
      // Postgres and PGlite suites run side by side; each file has its own database.
      pool: 'forks',
    },
  };
});
