/** GET /api/v1/security/status: the Security app's overview. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { canView, securityStatusResponse } from '@edge/protocol';
import type { SecurityService } from './service.ts';

export function securityRoutes(security: SecurityService) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/api/v1/security/status',
      {
        config: { permission: canView('Security') },
        schema: { tags: ['security'], response: { 200: securityStatusResponse } },
      },
      async () => security.status(),
    );
  };
}
