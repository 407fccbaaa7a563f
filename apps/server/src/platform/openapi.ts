import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * OpenAPI generated from the contract's zod schemas. The document is always built (app.swagger() reads it);
 * only with `expose` (API_DOCS) is it public: JSON at /api/docs/json, UI at /api/docs.
 */
export async function registerOpenApi(app: FastifyInstance, version: string, expose: boolean): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Leerzicht API', version, description: 'Pupil monitoring for Dutch primary schools.' },
      components: {
        securitySchemes: {
          jwt: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'JWT <token>' },
        },
      },
      security: [{ jwt: [] }],
    },
    transform: jsonSchemaTransform,
  });
  if (expose) await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
