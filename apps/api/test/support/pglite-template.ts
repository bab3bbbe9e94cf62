import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPGlite } from '../../src/db/connect';
import { migrateToLatest } from '../../src/db/migrate';

/**
 * The `pglite` project's global setup: one migrated PGlite data directory per run. initdb is the
 * slow part of a new PGlite (seconds, and tens of seconds on a loaded machine: it timed out tests
 * at 20 s), so every test database is a copy of this one instead. Made per run, it always holds
 * the current migrations.
 */
export default async function setup(project: TestProject) {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'prodify-test-pglite-'));
  const dir = path.join(scratch, 'template');
  const handle = await openPGlite({ dataDir: dir });
  try {
    await migrateToLatest(handle.db);
  } finally {
    await handle.close();
  }
  project.provide('pgliteTemplate', { dir, scratch });
  return () => rmSync(scratch, { recursive: true, force: true });
}
