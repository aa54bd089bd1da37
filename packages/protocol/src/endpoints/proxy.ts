/** Jump to device: the link (SPEC 7 proxy/start) and the reverse proxy behind it. */
import { z } from 'zod';
import { JUMP_PATH, PROXY_API, proxyStartRequest, proxyStartResponse } from '../proxy.ts';
import { canManage, userRoute } from '../permissions.ts';
import { endpoint, featureEndpoints, fileAnswer } from './endpoint.ts';

export const proxyEndpoints = featureEndpoints('proxy', {
  start: endpoint({
    method: 'POST',
    path: `${PROXY_API}/start`,
    permission: canManage('Inventory'),
    activity: 'proxy.start',
    body: proxyStartRequest,
    response: { 200: proxyStartResponse },
    errors: [403, 404, 409],
  }),
  // The link is the grant; the handler also checks it was made for the caller.
  jump: endpoint({
    method: 'GET',
    path: `${JUMP_PATH}/*`,
    permission: userRoute,
    params: z.object({ '*': z.string().max(4096) }),
    response: { 200: fileAnswer },
    raw: 'file',
    errors: [403, 404, 409, 502],
  }),
});
