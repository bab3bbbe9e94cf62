import { defineConfig } from 'tsup';

// One ESM file for `node dist/server.js`. The contract is TypeScript source in the workspace, so
// it is bundled in; everything from node_modules stays external and is loaded at run time.
export default defineConfig({
  entry: ['src/server.ts'],
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  splitting: false,
  noExternal: ['@prodify/contract'],
});
