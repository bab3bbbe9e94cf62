import type { TestProject } from 'vitest/node';

/**
 * The `postgres` project's server: DATABASE_URL when set (each test file then creates and
 * drops its own database on it), else a throw-away Testcontainers Postgres.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    project.provide('postgresUrl', url);
    return;
  }
  const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
  const container = await new PostgreSqlContainer('postgres:16-alpine').start();
  project.provide('postgresUrl', container.getConnectionUri());
  return async () => {
    await container.stop();
  };
}
