import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { buildOpenApiDocument } from '@prodify/contract/openapi';
import fp from 'fastify-plugin';

/**
 * The OpenAPI document generated from the contract, at /api/openapi.json, and Swagger UI at
 * /api/docs. Swagger UI needs a wider CSP than the web app (its own inline style hashes); it is
 * set on the docs routes only.
 */
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
      staticCSP: true,
      transformStaticCSP: (header) =>
        header
          .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
          .replace(' validator.swagger.io', '')
          .replace(/\s*upgrade-insecure-requests;?/, ''),
    });
    app.get('/api/openapi.json', { schema: { hide: true } }, async () => document);
  },
  { name: 'openapi' },
);
