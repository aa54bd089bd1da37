/** GET /api/v1/settings/activity/list: Settings > Activity. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { activityListQuery, activityListResponse, canView } from '@edge/protocol';
import type { ActivityService } from './service.ts';

export function activityRoutes(activity: ActivityService) {
  return async (app: FastifyInstance) => {
    app
      .withTypeProvider<ZodTypeProvider>()
      .get(
        '/api/v1/settings/activity/list',
        {
          config: { permission: canView('Activity') },
          schema: {
            tags: ['activity'],
            querystring: activityListQuery,
            response: { 200: activityListResponse },
          },
        },
        async (request) => activity.list(request.query),
      );
  };
}
