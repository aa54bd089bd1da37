/** Settings > Activity: the log (GET /api/v1/settings/activity/list) and how long it is kept. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  activityListQuery,
  activityListResponse,
  activityRetention,
  canManage,
  canView,
} from '@edge/protocol';
import type { ActivityService } from './service.ts';
import type { ActivityRetentionService } from './retention.ts';

const RETENTION = '/api/v1/settings/activity/retention';
const tags = ['activity'];

export function activityRoutes(activity: ActivityService, retention: ActivityRetentionService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/api/v1/settings/activity/list',
      {
        config: { permission: canView('Activity') },
        schema: { tags, querystring: activityListQuery, response: { 200: activityListResponse } },
      },
      async (request) => activity.list(request.query),
    );
    r.get(
      RETENTION,
      { config: { permission: canView('Activity') }, schema: { tags, response: { 200: activityRetention } } },
      async () => retention.get(),
    );
    r.patch(
      RETENTION,
      {
        config: { permission: canManage('Activity'), activity: 'activity.retention' },
        schema: { tags, body: activityRetention, response: { 200: activityRetention } },
      },
      async (request) => retention.set(request.body),
    );
  };
}
