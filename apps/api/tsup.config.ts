import { defineConfig } from 'tsup';

// One ESM file for `node dist/server.js`. The contract is bundled in from its TypeScript source
// (the `@prodify/source` export condition, ADR 0007), so the API needs no build of it; everything
// from node_modules stays external and is loaded at run time.
export default defineConfig({
  // The transfer worker is its own file: worker threads load it by path (ADR 0420).
  entry: { server: 'src/server.ts', 'transfer.worker': 'src/modules/transfer/transfer.worker.ts' },
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  splitting: false,
  noExternal: ['@prodify/contract'],
  esbuildOptions(options) {
    options.conditions = ['@prodify/source'];
  },
});
