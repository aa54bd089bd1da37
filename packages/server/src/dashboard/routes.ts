/** The Dashboard's API: the overview and the caller's own layout. */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@edge/protocol';
import { serve } from '../http/serve.ts';
import type { DashboardService } from './service.ts';

const { dashboard: declared } = endpoints;

export function dashboardRoutes(dashboard: DashboardService) {
  return async (app: FastifyInstance) => {
    serve(app, declared.overview, async () => dashboard.overview());
    serve(app, declared.layout, async (request) => dashboard.layout(request.identity!.userId));
    serve(app, declared.saveLayout, async (request) =>
      dashboard.saveLayout(request.identity!.userId, request.body),
    );
  };
}
