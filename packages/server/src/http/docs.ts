/** The OpenAPI document, generated from the endpoint declarations (openapi.ts), and browsable docs at /api/docs. */
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { allEndpoints } from '@edge/protocol';
import { registerPublicPlugin } from './public-scope.ts';
import { openApiDocument } from './openapi.ts';

export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    mode: 'static',
    specification: { document: openApiDocument(allEndpoints) as never },
  });
  await registerPublicPlugin(app, swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
