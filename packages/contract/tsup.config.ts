import { defineConfig } from 'tsup';

// What other apps import (package.json `exports` without the `@prodify/source` condition): ESM
// and one bundled declaration file per entry, so that no import in dist/ points back at src/.
// zod and @ts-rest stay external dependencies; the workspace itself reads src/ (ADR 0007).
export default defineConfig({
  entry: ['src/index.ts', 'src/openapi.ts'],
  format: ['esm'],
  target: 'es2022',
  platform: 'neutral',
  outDir: 'dist',
  clean: true,
  dts: true,
});
