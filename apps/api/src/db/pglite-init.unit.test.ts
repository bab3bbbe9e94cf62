import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { initPGliteDataDir, openPGlite } from './connect';

const root = mkdtempSync(path.join(os.tmpdir(), 'prodify-pglite-init-'));
afterAll(async () => {
  // PGlite's file system layer still touches the data dir just after close() resolves.
  await new Promise((resolve) => setTimeout(resolve, 500));
  rmSync(root, { recursive: true, force: true });
});

/**
 * PGlite writes a new database file by file, PG_VERSION among the first: a first start killed
 * half-way used to leave a folder that looked like a database and could not be opened, so the
 * server never started again. The database is now built aside and renamed into place.
 */
describe('creating the embedded database', () => {
  it('builds aside, removes what a killed start left, and renames into place', async () => {
    const dataDir = path.join(root, 'a', 'pglite');
    mkdirSync(path.dirname(dataDir), { recursive: true });
    // What a start killed during initdb leaves behind: a half-written database beside.
    const leftover = path.join(root, 'a', 'pglite.init-12345');
    mkdirSync(leftover);
    writeFileSync(path.join(leftover, 'PG_VERSION'), '17\n');
    mkdirSync(dataDir); // and an empty folder in its place

    await initPGliteDataDir(dataDir);
    expect(readdirSync(path.join(root, 'a'))).toEqual(['pglite']);
    expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);

    const handle = await openPGlite({ dataDir });
    try {
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(handle.db);
      expect(rows).toEqual([{ one: 1 }]);
    } finally {
      await handle.close();
    }
  }, 120_000);

  it('refuses a folder that holds other files, and deletes nothing', async () => {
    const dataDir = path.join(root, 'b', 'pglite');
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(path.join(dataDir, 'not-a-database.txt'), 'x');
    // A folder with other files is not replaced: the error says so, nothing is deleted.
    await expect(initPGliteDataDir(dataDir)).rejects.toThrow(/holds files but no database/);
    expect(readdirSync(dataDir)).toEqual(['not-a-database.txt']);
    expect(readdirSync(path.dirname(dataDir))).toEqual(['pglite']);
  });
});
