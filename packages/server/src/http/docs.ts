/** The OpenAPI document, generated from the routes' zod schemas, and browsable docs at /api/docs. */
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { registerPublicPlugin } from './public-scope.ts';

export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Edge Console API', version: '1' },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'edge_session' },
          token: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await registerPublicPlugin(app, swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
