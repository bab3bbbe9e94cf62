import type { Plugin } from 'vite';

/** The paths that get landing.html (the React-free landing page) instead of index.html. */
export const LANDING_PATHS = ['/landing', '/landing/'];

/**
 * Two pages share one build: index.html starts the React app, landing.html draws /landing
 * without React (docs/decisions/0200). The API picks the page by path (plugins/static.ts);
 * this plugin does the same on the Vite dev server, and adds to both pages a preload of the
 * display font, which otherwise is only discovered once the stylesheet has been applied and a
 * heading laid out (it is the font of the largest text of every screen).
 */
export function htmlPages({ preloadFont }: { preloadFont: RegExp }): Plugin {
  return {
    name: 'prodify:html-pages',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const [pathname, query] = (req.url ?? '').split('?');
        if (pathname && LANDING_PATHS.includes(pathname)) {
          req.url = `/landing.html${query ? `?${query}` : ''}`;
        }
        next();
      });
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!ctx.bundle) return [];
        const fonts = Object.values(ctx.bundle).filter(
          (file) => file.type === 'asset' && preloadFont.test(file.fileName),
        );
        return fonts.map((font) => ({
          tag: 'link',
          attrs: {
            rel: 'preload',
            href: `/${font.fileName}`,
            as: 'font',
            type: 'font/woff2',
            crossorigin: '',
          },
          injectTo: 'head',
        }));
      },
    },
  };
}
