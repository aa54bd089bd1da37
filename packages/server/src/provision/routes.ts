/** Provision: Discovery, adoption, the provisioning CSV and list. */
import type { FastifyInstance } from 'fastify';
import { PROVISION_MAX_BYTES, endpoints, messages } from '@edge/protocol';
import { serve } from '../http/serve.ts';
import { readUpload } from '../uploads/http.ts';
import type { ProvisionService } from './service.ts';

const { provision: declared } = endpoints;

export function provisionRoutes(provision: ProvisionService) {
  return async (app: FastifyInstance) => {
    serve(app, declared.discovery, async (request) => provision.discovery(request.query.search));
    serve(app, declared.adopt, async (request) => provision.adopt(request.body));
    serve(app, declared.removeDiscovery, async (request) => provision.removeDiscovery(request.body));
    serve(app, declared.conflicts, async () => provision.conflicts());
    serve(app, declared.dismissConflict, async (request) => provision.dismissConflict(request.body));
    serve(app, declared.enrolSecret, async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return provision.enrolSecret();
    });
    serve(app, declared.rotateEnrolSecret, async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return provision.rotateEnrolSecret();
    });
    serve(app, declared.downloadDiscovery, async (_request, reply) => {
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="discovery-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(await provision.discoveryCsv());
    });
    serve(app, declared.upload, async (request) =>
      provision.upload(await readUpload(request, PROVISION_MAX_BYTES)),
    );
    serve(app, declared.list, async () => provision.list());
    serve(app, declared.remove, async (request) => {
      await provision.remove(request.body.serial);
      return { message: messages.provisionDeleted };
    });
    serve(app, declared.rediscover, async () => provision.rediscover());
  };
}
