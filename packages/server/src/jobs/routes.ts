/** Jobs: read them with Inventory view, cancel and re-run with Inventory manage. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  canManage,
  canView,
  jobDetail,
  jobIdQuery,
  jobIdRequest,
  jobListQuery,
  jobListResponse,
} from '@edge/protocol';
import type { JobService } from './service.ts';

const V1 = '/api/v1/jobs';
const tags = ['jobs'];
const view = { permission: canView('Inventory') };
const manage = (action: string) => ({ permission: canManage('Inventory'), activity: `jobs.${action}` });

export function jobRoutes(jobs: JobService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      `${V1}/list`,
      { config: view, schema: { tags, querystring: jobListQuery, response: { 200: jobListResponse } } },
      async (request) => jobs.list(request.query),
    );
    r.get(
      `${V1}/get`,
      { config: view, schema: { tags, querystring: jobIdQuery, response: { 200: jobDetail } } },
      async (request) => jobs.get(request.query.id),
    );
    r.post(
      `${V1}/cancel`,
      { config: manage('cancel'), schema: { tags, body: jobIdRequest, response: { 200: jobDetail } } },
      async (request) => jobs.cancel(request.body.id),
    );
    r.post(
      `${V1}/rerun`,
      { config: manage('rerun'), schema: { tags, body: jobIdRequest, response: { 200: jobDetail } } },
      async (request) => jobs.rerun(request.body.id),
    );
  };
}
