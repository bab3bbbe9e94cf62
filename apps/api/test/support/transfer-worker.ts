import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'tsup';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  interface ProvidedContext {
    /** The transfer worker built from today's source for this run (ADR 0420). */
    transferWorker: string;
  }
}

const api = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Every project's global setup: the transfer worker (src/modules/transfer/transfer.worker.ts)
 * bundled from the current source, as `pnpm build` bundles it, so that worker threads run the
 * code under test without a TypeScript loader. Inside the API's node_modules, so that its
 * dependencies resolve; a folder of its own per run, so that runs side by side never share one.
 */
export default async function setup(project: TestProject) {
  const cache = path.join(api, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const outDir = mkdtempSync(path.join(cache, 'transfer-worker-'));
  await build({
    config: false,
    entry: { 'transfer.worker': path.join(api, 'src/modules/transfer/transfer.worker.ts') },
    outDir,
    format: ['esm'],
    target: 'node20',
    platform: 'node',
    silent: true,
    noExternal: ['@prodify/contract'],
    esbuildOptions(options) {
      options.conditions = ['@prodify/source'];
    },
  });
  project.provide('transferWorker', path.join(outDir, 'transfer.worker.js'));
  return () => rmSync(outDir, { recursive: true, force: true });
}
