/** The quick-start guide's API (protocol endpoints/guide.ts): the signed-in user's own state. */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@edge/protocol';
import { serve } from '../http/serve.ts';
import type { GuideService } from './service.ts';

export function guideRoutes(guide: GuideService) {
  return async (app: FastifyInstance) => {
    serve(app, endpoints.guide.get, (request) => guide.get(request.identity!.userId));
    serve(app, endpoints.guide.set, (request) => guide.set(request.identity!.userId, request.body.dismissed));
  };
}
