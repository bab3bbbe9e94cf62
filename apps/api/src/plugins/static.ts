import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { NOT_FOUND } from '../lib/drf';
import type { PageFallback } from './errors';

/** Vite puts content-hashed files under assets/: they never change, so cache them for a year. */
const HASHED = `${path.sep}assets${path.sep}`;

/** The React-free landing page of the web app (docs/decisions/0200 and 0500), when built. */
const LANDING_PAGE = 'landing.html';
const LANDING_PATHS = new Set(['/landing', '/landing/']);

export interface WebBuild {
  root: string;
  hasLanding: boolean;
}

/** The built web app in `root`, or undefined when it is not built (then only the API serves). */
export function findWebBuild(root: string): WebBuild | undefined {
  if (!existsSync(path.join(root, 'index.html'))) return undefined;
  return { root, hasLanding: existsSync(path.join(root, LANDING_PAGE)) };
}

/**
 * The app's pages: paths outside /api that are not files get index.html, so the client router
 * can render them (and its own 404 page); /landing gets landing.html, which draws the landing
 * page without loading React. A missing file (it has an extension) is a real 404.
 */
export function webPageFallback(build: WebBuild): PageFallback {
  return (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (/\.[a-z0-9]+$/i.test(pathname)) return reply.code(404).send(NOT_FOUND);
    const page = build.hasLanding && LANDING_PATHS.has(pathname) ? LANDING_PAGE : 'index.html';
    return reply.header('cache-control', 'no-cache').sendFile(page);
  };
}

/**
 * Serves the built web app's files from the same origin. The build writes a brotli and a gzip
 * copy next to each text file (`preCompressed`: sent to browsers that accept them, with
 * `Vary: Accept-Encoding`).
 */
export const staticPlugin = fp<{ build: WebBuild }>(
  async (app, { build }) => {
    await app.register(fastifyStatic, {
      root: build.root,
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
  },
  { name: 'static' },
);
