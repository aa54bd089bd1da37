/** Settings > Activity: the log (GET /api/v1/settings/activity/list) and how long it is kept. */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@edge/protocol';
import { serve } from '../http/serve.ts';
import type { ActivityService } from './service.ts';
import type { ActivityRetentionService } from './retention.ts';

const { activity: declared } = endpoints;

export function activityRoutes(activity: ActivityService, retention: ActivityRetentionService) {
  return async (app: FastifyInstance) => {
    serve(app, declared.list, async (request) => activity.list(request.query));
    serve(app, declared.retention, async () => retention.get());
    serve(app, declared.setRetention, async (request) => retention.set(request.body));
  };
}
