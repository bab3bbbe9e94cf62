import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { buildOpenApiDocument } from '@prodify/contract/openapi';
import fp from 'fastify-plugin';

/**
 * The OpenAPI document generated from the contract, at /api/openapi.json, and Swagger UI at
 * /api/docs. Swagger UI needs inline styles, which the web app's policy forbids; its own policy
 * is set on the docs routes only.
 */
const DOCS_CSP = [
  "default-src 'self'",
  "base-uri 'self'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const openApiPlugin = fp(
  async (app) => {
    const document = buildOpenApiDocument();
    await app.register(fastifySwagger, {
      mode: 'static',
      specification: { document: document as never },
    });
    await app.register(fastifySwaggerUi, {
      routePrefix: '/api/docs',
      uiConfig: { validatorUrl: null, tryItOutEnabled: true },
      // Swagger UI sets inline styles; its scripts are files. This policy applies to /api/docs only.
      staticCSP: DOCS_CSP,
    });
    app.get('/api/openapi.json', { schema: { hide: true } }, async () => document);
  },
  { name: 'openapi' },
);
