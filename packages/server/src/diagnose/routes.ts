/**
 * Diagnose's API: POST run (needs the test's own permission, asked by the service, beside Diagnose) and GET
 * history of a device (the tests the caller may see). The run is in the activity log as `diagnose.run`.
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@edge/protocol';
import { serve } from '../http/serve.ts';
import type { DiagnoseService } from './service.ts';

const { diagnose: declared } = endpoints;

export function diagnoseRoutes(diagnose: DiagnoseService) {
  return async (app: FastifyInstance) => {
    // The console's own speedtest endpoint is where this caller reached the console.
    serve(app, declared.run, async (request) =>
      diagnose.run(request.body, request.identity!, `${request.protocol}://${request.host}`),
    );
    serve(app, declared.history, async (request) => diagnose.history(request.query, request.identity!));
  };
}
