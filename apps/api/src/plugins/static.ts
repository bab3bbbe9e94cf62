import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

/** Vite puts content-hashed files under assets/: they never change, so cache them for a year. */
const HASHED = `${path.sep}assets${path.sep}`;

/** The React-free landing page of the web app (docs/decisions/0200 and 0500), when built. */
const LANDING_PAGE = 'landing.html';
const LANDING_PATHS = new Set(['/landing', '/landing/']);

/**
 * Serves the built web app from the same origin. Paths outside /api that are not files get
 * index.html, so the client router can render them (and its own 404 page); /landing gets
 * landing.html, which draws the landing page without loading React. The build writes a brotli
 * and a gzip copy next to each text file (`preCompressed`: sent to browsers that accept them,
 * with `Vary: Accept-Encoding`). When the web app is not built yet the API still starts; such
 * paths then answer a JSON 404.
 */
export const staticPlugin = fp<{ root: string }>(
  async (app, { root }) => {
    if (!existsSync(path.join(root, 'index.html'))) {
      app.log.warn({ root }, 'web app not built: only the API is served');
      return;
    }
    const hasLanding = existsSync(path.join(root, LANDING_PAGE));
    await app.register(fastifyStatic, {
      root,
      index: 'index.html',
      wildcard: true,
      dotfiles: 'ignore',
      preCompressed: true,
      cacheControl: false,
      setHeaders(reply, filePath) {
        reply.header(
          'cache-control',
          filePath.includes(HASHED) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
    app.decorate('spaFallback', (request, reply) => {
      // A missing file (it has an extension) is a real 404, not a page of the app.
      if (/\.[a-z0-9]+$/i.test(request.url.split('?')[0] ?? '')) {
        return reply.code(404).send({ detail: 'Not found.' });
      }
      const page =
        hasLanding && LANDING_PATHS.has(request.url.split('?')[0] ?? '')
          ? LANDING_PAGE
          : 'index.html';
      return reply.header('cache-control', 'no-cache').sendFile(page);
    });
  },
  { name: 'static', dependencies: ['errors'] },
);
