/** Secure SD-WAN's API (declared in protocol endpoints/sdwan.ts): one call into the service per route. */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@edge/protocol';
import { serve } from '../http/serve.ts';
import type { SdwanService } from './service.ts';

const { sdwan: declared } = endpoints;

export function sdwanRoutes(sdwan: SdwanService) {
  return async (app: FastifyInstance) => {
    serve(app, declared.topology, () => sdwan.topology());
    serve(app, declared.siteAdd, (request) => sdwan.addSite(request.body));
    serve(app, declared.siteEdit, (request) => sdwan.editSite(request.body.id, request.body));
    serve(app, declared.siteDelete, (request) => sdwan.deleteSite(request.body.id));
    serve(app, declared.nodeAdd, (request) => sdwan.addNode(request.body));
    serve(app, declared.nodeEdit, (request) => sdwan.editNode(request.body));
    serve(app, declared.nodeDelete, (request) => sdwan.deleteNode(request.body.deviceId));
    serve(app, declared.linkAdd, (request) => sdwan.addLink(request.body));
    serve(app, declared.linkEdit, (request) => sdwan.editLink(request.body.id, request.body));
    serve(app, declared.linkDelete, (request) => sdwan.deleteLink(request.body.id));
    serve(app, declared.subnetAdd, (request) => sdwan.addSubnet(request.body));
    serve(app, declared.subnetEdit, (request) => sdwan.editSubnet(request.body.id, request.body));
    serve(app, declared.subnetDelete, (request) => sdwan.deleteSubnet(request.body.id));
  };
}
