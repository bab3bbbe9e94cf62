import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CONTAINER_LOG, POSTGRES_IMAGE } from './support/postgres-server';

/**
 * Neither CI job can run on a developer's machine (no runner, often no Docker), so the
 * workflow's shape is checked here: the full job on a Postgres service, and the job that proves
 * the Testcontainers path of the API suites (README, "Continuous integration").
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const text = readFileSync(path.join(ROOT, '.github', 'workflows', 'ci.yml'), 'utf8');

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  shell?: string;
  'working-directory'?: string;
}
interface Job {
  'runs-on': string;
  container?: unknown;
  services?: Record<string, { image: string; env?: Record<string, string> }>;
  env?: Record<string, unknown>;
  steps: Step[];
}
const workflow = parse(text) as { env?: Record<string, unknown>; jobs: Record<string, Job> };
const jobs = workflow.jobs;

describe('.github/workflows/ci.yml', () => {
  it('has the two jobs, and no DATABASE_URL for every job', () => {
    expect(Object.keys(jobs).sort()).toEqual(['api-testcontainers', 'test']);
    expect(workflow.env?.DATABASE_URL).toBeUndefined();
  });

  it('keeps the full job: .ci/run in node:20-bookworm with a Postgres service as DATABASE_URL', () => {
    const job = jobs.test as Job;
    expect(job['runs-on']).toBe('ubuntu-latest');
    expect(job.container).toBe('node:20-bookworm');
    expect(job.services?.postgres?.image).toMatch(/^postgres:16/);
    expect(job.env?.DATABASE_URL).toBe('postgres://postgres@postgres:5432/postgres');
    expect(job.steps.map((s) => s.uses ?? s.run)).toEqual([
      'actions/checkout@v4',
      'actions/cache@v4',
      'bash .ci/run',
    ]);
  });

  it('runs the API suites on a Testcontainers Postgres: Docker, no container, no DATABASE_URL', () => {
    const job = jobs['api-testcontainers'] as Job;
    expect(job['runs-on']).toBe('ubuntu-latest');
    expect(job.container).toBeUndefined();
    // No Postgres of its own: only the shared-limit tests' Redis.
    expect(Object.keys(job.services ?? {})).toEqual(['redis']);
    expect(JSON.stringify(job)).not.toContain('DATABASE_URL');
    const steps = job.steps;
    expect(steps.map((s) => s.uses ?? s.run?.trim().split('\n')[0])).toEqual([
      'actions/checkout@v4',
      'pnpm/action-setup@v4',
      'actions/setup-node@v4',
      'pnpm install --frozen-lockfile',
      'docker version',
      'pnpm exec vitest run 2>&1 | tee "$RUNNER_TEMP/api-tests.log"',
    ]);
    expect(steps[2]?.with?.['node-version']).toBe(20);
    const suites = steps[5] as Step;
    expect(suites['working-directory']).toBe('apps/api');
    // bash with pipefail (GitHub's `shell: bash`): a failed suite fails the step through `tee`.
    expect(suites.shell).toBe('bash');
    // And the step fails unless the test setup logged the container it started.
    expect(suites.run?.trim().split('\n')[1]).toBe(
      `grep -F '${CONTAINER_LOG} ${POSTGRES_IMAGE}' "$RUNNER_TEMP/api-tests.log"`,
    );
  });
});
