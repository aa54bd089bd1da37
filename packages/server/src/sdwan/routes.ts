/** Secure SD-WAN's API (declared in protocol endpoints/sdwan.ts): one call into the service per route. */
import type { FastifyInstance } from 'fastify';
import { endpoints, type Endpoint } from '@edge/protocol';
import { serve } from '../http/serve.ts';
import type { SdwanService } from './service.ts';

const { sdwan: declared } = endpoints;

type Ends = { add: Endpoint; edit: Endpoint; delete: Endpoint };

export function sdwanRoutes(sdwan: SdwanService) {
  return async (app: FastifyInstance) => {
    serve(app, declared.topology, () => sdwan.topology());
    /** An entity's three routes; `key` picks its key out of the request (an id, a device id). */
    const entity = <K>(
      ends: Ends,
      one: { add(input: never): unknown; edit(key: K, input: never): unknown; delete(key: K): unknown },
      key: (body: Record<string, unknown>) => K,
    ) => {
      const body = (request: { body: unknown }) => request.body as Record<string, unknown>;
      serve(app, ends.add, (request) => one.add(body(request) as never) as never);
      serve(app, ends.edit, (request) => one.edit(key(body(request)), body(request) as never) as never);
      serve(app, ends.delete, (request) => one.delete(key(body(request))) as never);
    };
    const byId = (body: Record<string, unknown>) => body.id as number;
    const d = declared;
    entity({ add: d.siteAdd, edit: d.siteEdit, delete: d.siteDelete }, sdwan.site, byId);
    entity(
      { add: d.nodeAdd, edit: d.nodeEdit, delete: d.nodeDelete },
      sdwan.node,
      (b) => b.deviceId as string,
    );
    entity({ add: d.linkAdd, edit: d.linkEdit, delete: d.linkDelete }, sdwan.link, byId);
    entity({ add: d.subnetAdd, edit: d.subnetEdit, delete: d.subnetDelete }, sdwan.subnet, byId);
  };
}
