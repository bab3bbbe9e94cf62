import { type AppRoute, type AppRouter, isAppRoute } from '@ts-rest/core';

/** Django's order of methods in an `Allow` header. */
const METHOD_ORDER = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];

export function flattenRoutes(router: AppRouter): AppRoute[] {
  return Object.values(router).flatMap((entry) =>
    isAppRoute(entry) ? [entry] : flattenRoutes(entry as AppRouter),
  );
}

interface PathEntry {
  pattern: RegExp;
  methods: Set<string>;
}

/** `/api/todos/:id/` → a regex that matches it with or without the trailing slash. */
function toPattern(path: string): RegExp {
  const body = path
    .replace(/\/+$/, '')
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${body}/?$`);
}

/**
 * Which methods each path of the contract answers, for 405 answers and their `Allow` header.
 * Built from the contract, so a new route needs no second list.
 */
export class RouteTable {
  readonly #entries: PathEntry[] = [];

  constructor(routes: AppRoute[]) {
    const byPath = new Map<string, PathEntry>();
    for (const route of routes) {
      const key = route.path.replace(/\/+$/, '');
      let entry = byPath.get(key);
      if (!entry) {
        entry = { pattern: toPattern(route.path), methods: new Set() };
        byPath.set(key, entry);
        this.#entries.push(entry);
      }
      entry.methods.add(route.method);
      if (route.method === 'GET') entry.methods.add('HEAD');
      entry.methods.add('OPTIONS');
    }
  }

  /** The methods allowed on this URL path, or undefined when no route has this path. */
  allowed(pathname: string): string[] | undefined {
    const path = pathname.replace(/\/{2,}/g, '/');
    const methods = new Set<string>();
    for (const entry of this.#entries) {
      if (entry.pattern.test(path)) for (const m of entry.methods) methods.add(m);
    }
    if (methods.size === 0) return undefined;
    return METHOD_ORDER.filter((m) => methods.has(m));
  }
}
