import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { htmlPages } from './scripts/html-pages.ts';
import { precompress } from './scripts/precompress.ts';

/** Modules of landing.html's page (and the pages themselves): kept out of the app's chunks. */
const LANDING_ONLY = /\.html$|[\\/]src[\\/](landing-main\.tsx|landing[\\/])/;

export default defineConfig({
  plugins: [
    // Must run before the React plugin: it rewrites route files into lazily loaded chunks.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      quoteStyle: 'single',
      semicolons: true,
      codeSplittingOptions: {
        // Loaders stay in the app chunk (TanStack's default): a screen's data request starts
        // as soon as the app runs, alongside the download of its component. /landing's first
        // visit does not load the app at all (landing.html), so the typed client and zod that
        // the loaders need cost it nothing.
        defaultBehavior: [['component'], ['errorComponent'], ['notFoundComponent']],
        // The sign-in and sign-up screens, where a visitor arrives, are not split: the HTML
        // preloads all they need at once, instead of a second round trip for their chunk.
        // The layout of the signed-in screens (the menu) neither: every one of them needs it.
        splitBehavior: ({ routeId }) =>
          routeId === '/login' || routeId === '/register' || routeId === '/_app' ? [] : undefined,
      },
    }),
    react(),
    htmlPages({ preloadFont: /dm-serif-display-latin-400-normal-[\w-]+\.woff2$/ }),
    // The installable app (ADR 0520): a manifest, and a service worker that precaches the app
    // shell so that a reload without network shows the app. It is registered by the signed-in
    // app only (features/offline), never by /landing, and waits for the user to reload.
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        name: 'Prodify',
        short_name: 'Prodify',
        description: 'Notes with summaries, to-dos and a calendar, on your own server.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#eef3e9',
        theme_color: '#b9cbaa',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          {
            src: '/icons/maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}'],
        // Every app path opens the app shell offline; the API, /landing and sync stay network.
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/landing/, /^\/dav\//, /^\/\.well-known\//],
        cleanupOutdatedCaches: true,
      },
    }),
    // dist/**/*.{br,gz} next to each text file, served by the API's static plugin.
    precompress(),
  ],
  // The contract's TypeScript source (its `@prodify/source` export), not its build: ADR 0007.
  resolve: { conditions: ['@prodify/source', ...defaultClientConditions] },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8000' },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    assetsInlineLimit: 0,
    // Read by scripts/sizes.mjs to find what each screen loads.
    manifest: true,
    rolldownOptions: {
      // index.html starts the app; landing.html is the React-free /landing (scripts/html-pages.ts).
      input: { index: 'index.html', landing: 'landing.html' },
      output: {
        codeSplitting: {
          groups: [
            // Shared by both pages: their stylesheets (a CSS-only chunk, which Vite drops after
            // taking out its CSS; a lazy screen's own CSS stays with it) and Vite's helpers.
            { name: 'styles', test: /\.css$/, tags: ['$initial'], priority: 3 },
            { name: 'vite', test: /^\0vite\//, priority: 2 },
            // Everything index.html needs before the app renders, as one file rather than a
            // dozen small shared chunks: over HTTP/1.1 (six connections) each costs a round
            // trip. The landing page's own modules stay out of it.
            {
              name: 'app',
              tags: ['$initial'],
              test: (id) => !LANDING_ONLY.test(id) && !/[\\/]src[\\/]app-main\.tsx$/.test(id),
              priority: 1,
            },
            // What two or more screens share (the query boundary, pagination, icons): one
            // chunk, loaded with the first of them, instead of one small chunk each.
            { name: 'screens', test: (id) => !LANDING_ONLY.test(id), minShareCount: 2 },
          ],
        },
      },
    },
  },
});
