import fastifyCors from '@fastify/cors';
import fastifyHelmet from '@fastify/helmet';
import fp from 'fastify-plugin';

/**
 * The policy the built web app satisfies: its scripts, styles, fonts and images are files of
 * its own origin (no inline scripts). Inline styles stay allowed for toasts that inject a
 * <style> element. Swagger UI at /api/docs sets its own, wider policy on its routes only.
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  manifestSrc: ["'self'"],
  workerSrc: ["'self'"],
  objectSrc: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/** Security headers (helmet) and CORS for an explicit list of origins only. */
export const securityPlugin = fp<{ corsOrigins: string[] }>(
  async (app, { corsOrigins }) => {
    await app.register(fastifyHelmet, {
      contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
      // Self-hosted over plain HTTP on a LAN is normal: do not force HTTPS on other hosts.
      strictTransportSecurity: false,
      frameguard: { action: 'deny' },
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
