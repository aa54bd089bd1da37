/**
 * Diagnose's API: POST run (needs the test's own permission, asked by the service, beside Diagnose) and GET
 * history of a device (the tests the caller may see). The run is in the activity log as `diagnose.run`.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DIAGNOSE_API,
  canView,
  diagnoseHistoryQuery,
  diagnoseHistoryResponse,
  diagnoseRunRequest,
  jobDetail,
} from '@edge/protocol';
import type { DiagnoseService } from './service.ts';

const tags = ['diagnose'];

export function diagnoseRoutes(diagnose: DiagnoseService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.post(
      `${DIAGNOSE_API}/run`,
      {
        config: { permission: canView('Diagnose'), activity: 'diagnose.run' },
        schema: { tags, body: diagnoseRunRequest, response: { 200: jobDetail } },
      },
      // The console's own speedtest endpoint is where this caller reached the console.
      async (request) =>
        diagnose.run(request.body, request.identity!, `${request.protocol}://${request.host}`),
    );
    r.get(
      `${DIAGNOSE_API}/history`,
      {
        config: { permission: canView('Diagnose') },
        schema: { tags, querystring: diagnoseHistoryQuery, response: { 200: diagnoseHistoryResponse } },
      },
      async (request) => diagnose.history(request.query, request.identity!),
    );
  };
}
