import { existsSync } from 'node:fs';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * Three projects:
 * - `unit`: tests that need no database (`*.unit.test.ts`, the summary engines, the benches);
 * - `pglite`: every API suite on an in-memory PGlite, always;
 * - `postgres`: the same suites on real Postgres: DATABASE_URL if set, else Testcontainers when
 *   a Docker engine answers, else skipped with a notice.
 */
const UNIT = ['src/**/*.unit.test.ts', 'src/summarizer/**/*.test.ts', 'bench/**/*.test.ts'];
const DB_SUITES = ['src/**/*.test.ts'];

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
      ...(backend === 'postgres' ? { globalSetup: ['src/test/global-setup.ts'] } : {}),
    },
  };
}

export default defineConfig(async () => {
  const projects: TestProjectInlineConfiguration[] = [
    { extends: true, test: { name: 'unit', include: UNIT } },
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
      hookTimeout: 60_000,
      testTimeout: 20_000,
      // Postgres and PGlite suites run side by side; each file has its own database.
      pool: 'forks',
    },
  };
});
