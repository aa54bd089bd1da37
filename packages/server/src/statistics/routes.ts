/** Statistics' API: a view's figures, and the caller's saved views (saved and deleted in the activity log). */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@edge/protocol';
import { serve } from '../http/serve.ts';
import type { StatisticsService } from './service.ts';

const { statistics: declared } = endpoints;

export function statisticsRoutes(statistics: StatisticsService) {
  return async (app: FastifyInstance) => {
    serve(app, declared.query, async (request) => statistics.query(request.body));
    serve(app, declared.pdf, async (request, reply) => {
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="statistics-${day}.pdf"`)
        .header('cache-control', 'no-store')
        .send(await statistics.pdf(request.body));
    });
    serve(app, declared.views, async (request) => statistics.views(request.identity!.userId));
    serve(app, declared.saveView, async (request) =>
      statistics.saveView(request.identity!.userId, request.body),
    );
    serve(app, declared.deleteView, async (request) =>
      statistics.deleteView(request.identity!.userId, request.params.id),
    );
  };
}
