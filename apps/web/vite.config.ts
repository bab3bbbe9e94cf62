import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [
    // Must run before the React plugin: it rewrites route files into lazily loaded chunks.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      quoteStyle: 'single',
      semicolons: true,
      codeSplittingOptions: {
        // Loaders go with their component, so that the typed client (and zod with it) stays out
        // of the entry chunk that /landing needs.
        defaultBehavior: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
      },
    }),
    react(),
  ],
  server: {
    proxy: { '/api': 'http://127.0.0.1:8000' },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    assetsInlineLimit: 0,
    // Read by scripts/sizes.mjs to find what each screen loads.
    manifest: true,
  },
});
