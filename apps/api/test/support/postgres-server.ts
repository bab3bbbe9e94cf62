import type { TestProject } from 'vitest/node';

/** The image of the throw-away server (the design card's "CI with Testcontainers Postgres"). */
export const POSTGRES_IMAGE = 'postgres:16-alpine';

/** How the log line about a started container begins: CI's testcontainers job looks for it. */
export const CONTAINER_LOG = '[api tests] Testcontainers started';

/**
 * The `postgres` project's server: DATABASE_URL when set (each test file then creates and
 * drops its own database on it), else a throw-away Testcontainers Postgres, named in the log.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    project.provide('postgresUrl', url);
    return;
  }
  const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
  const container = await new PostgreSqlContainer(POSTGRES_IMAGE).start();
  console.log(
    `${CONTAINER_LOG} ${POSTGRES_IMAGE} as container ${container.getId().slice(0, 12)} ` +
      `(${container.getName()}) on ${container.getHost()}:${container.getPort()}`,
  );
  project.provide('postgresUrl', container.getConnectionUri());
  return async () => {
    await container.stop();
  };
}
