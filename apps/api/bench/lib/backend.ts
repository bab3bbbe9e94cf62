import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Backend } from './args';
import { createDatabase } from './postgres';

export interface BenchBackend {
  kind: Backend;
  /** Set on Postgres: a database created for this run. */
  databaseUrl: string | undefined;
  /** The server's DATA_DIR (PGlite lives in `<dataDir>/pglite`). */
  dataDir: string;
  /** A scratch folder for logs, profiles and captured answers. */
  workDir: string;
  /** Drops the database / removes the folders. */
  cleanup(): Promise<void>;
}

/** A fresh database for one bench run: a new Postgres database, or a new PGlite data dir. */
export async function freshBackend(kind: Backend, label: string): Promise<BenchBackend> {
  const workDir = mkdtempSync(path.join(os.tmpdir(), `prodify-${label}-${kind}-`));
  const dataDir = path.join(workDir, 'data');
  const database = kind === 'postgres' ? await createDatabase() : undefined;
  return {
    kind,
    databaseUrl: database?.url,
    dataDir,
    workDir,
    async cleanup() {
      await database?.drop();
      if (!process.env.BENCH_KEEP) rmSync(workDir, { recursive: true, force: true });
    },
  };
}
