import { generateOpenApi } from '@ts-rest/open-api';
import { contract } from './contract';
import type { RouteMetadata } from './routes';

/** The OpenAPI 3 document of the whole contract, with bearer auth on the signed-in routes. */
export function buildOpenApiDocument(version = '0.1.0') {
  return generateOpenApi(
    contract,
    {
      openapi: '3.0.3',
      info: {
        title: 'Prodify API',
        version,
        description:
          'Notes with summaries, to-dos, calendar events and account settings. Drop-in compatible with the original Django REST API.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        },
      },
    },
    {
      setOperationId: 'concatenated-path',
      operationMapper: (operation, route) => {
        const meta = route.metadata as RouteMetadata | undefined;
        return meta?.auth ? { ...operation, security: [{ bearer: [] }] } : operation;
      },
    },
  );
}
