import fastifyCors from '@fastify/cors';
import fp from 'fastify-plugin';

/**
 * The policy the built web app satisfies: its scripts, styles, fonts and images are files of
 * its own origin, with no inline scripts or styles (the web app's Playwright run of every screen
 * under this policy, e2e/csp.spec.ts, reports no violation). Swagger UI at /api/docs sets its
 * own, wider policy on its routes only (plugins/openapi.ts).
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  manifestSrc: ["'self'"],
  workerSrc: ["'self'"],
  objectSrc: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * The headers helmet sets with `HELMET_OPTIONS`, written once: set on every answer by one hook
 * (helmet built and set them per request, a fifth of a cached list answer's CPU; ADR 0427), and
 * on the answers Fastify sends before any hook runs (a malformed %-escape, an over-long id).
 * security/headers.test.ts checks that they equal what helmet itself sends.
 */
export const STATIC_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': Object.entries(CONTENT_SECURITY_POLICY)
    .map(([name, sources]) => `${kebab(name)} ${sources.join(' ')}`)
    .join(';'),
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

/** What helmet would be configured with (the test compares its headers to the ones above). */
export const HELMET_OPTIONS = {
  contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
  // Self-hosted over plain HTTP on a LAN is normal: do not force HTTPS on other hosts.
  strictTransportSecurity: false,
  frameguard: { action: 'deny' },
} as const;

/** Security headers and CORS for an explicit list of origins only. */
export const securityPlugin = fp<{ corsOrigins: string[] }>(
  async (app, { corsOrigins }) => {
    // Swagger UI's routes replace the policy with their own (plugins/openapi.ts).
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(STATIC_SECURITY_HEADERS);
      done();
    });

    const allowed = new Set(corsOrigins);
    await app.register(fastifyCors, {
      origin: (origin, callback) => {
        callback(null, origin !== undefined && allowed.has(origin) ? origin : false);
      },
      credentials: true,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      maxAge: 86_400,
      strictPreflight: false,
    });
  },
  { name: 'security' },
);
