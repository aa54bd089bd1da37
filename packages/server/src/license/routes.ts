/** License's API (declared in protocol endpoints/license.ts). */
import type { FastifyInstance } from 'fastify';
import { endpoints, LICENSE_FILE_MAX_BYTES, messages } from '@edge/protocol';
import { serve } from '../http/serve.ts';
import { readUpload } from '../uploads/http.ts';
import type { LicenseService } from './service.ts';

const { license: declared } = endpoints;

export function licenseRoutes(licenses: LicenseService) {
  return async (app: FastifyInstance) => {
    serve(app, declared.list, () => licenses.list());
    serve(app, declared.status, () => licenses.status());
    serve(app, declared.upload, async (request) =>
      licenses.upload(await readUpload(request, LICENSE_FILE_MAX_BYTES), request.identity!.userName),
    );
    serve(app, declared.priority, (request) => licenses.setPriority(request.body.id, request.body.priority));
    serve(app, declared.remove, async (request) => {
      await licenses.remove(request.body.id);
      return { message: messages.licenseDeleted };
    });
    serve(app, declared.devices, (request) => licenses.devices(request.query));
    serve(app, declared.links, () => licenses.links());
    serve(app, declared.containers, () => licenses.containers());
    serve(app, declared.sales, async (request) => {
      await licenses.sales(request.body, request.identity!.userName);
      return { message: messages.salesRequestSent };
    });
  };
}
