/** GET /api/v1/security/status: the Security app's overview. */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@edge/protocol';
import { serve } from '../http/serve.ts';
import type { SecurityService } from './service.ts';

export function securityRoutes(security: SecurityService) {
  return async (app: FastifyInstance) => {
    serve(app, endpoints.security.status, async () => security.status());
  };
}
