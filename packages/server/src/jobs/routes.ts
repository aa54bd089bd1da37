/** Jobs: read them with Inventory view; cancel, pause, resume and re-run with Inventory manage. */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@edge/protocol';
import { serve } from '../http/serve.ts';
import type { JobService } from './service.ts';

const { jobs: declared } = endpoints;

export function jobRoutes(jobs: JobService) {
  return async (app: FastifyInstance) => {
    serve(app, declared.list, async (request) => jobs.list(request.query));
    serve(app, declared.get, async (request) => jobs.get(request.query.id));
    serve(app, declared.cancel, async (request) => jobs.cancel(request.body.id));
    serve(app, declared.pause, async (request) => jobs.pause(request.body.id));
    serve(app, declared.resume, async (request) => jobs.resume(request.body.id));
    serve(app, declared.rerun, async (request) => jobs.rerun(request.body.id));
  };
}
