/** Jump to device: the link (SPEC 7 proxy/start) and the reverse proxy behind it. */
import { z } from 'zod';
import { JUMP_METHODS, JUMP_PATH, PROXY_API, proxyStartRequest, proxyStartResponse } from '../proxy.ts';
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
  // The link is the grant; the handler also checks it was made for the caller. Served for every method of
  // JUMP_METHODS and for WebSocket upgrades; documented as its GET.
  jump: endpoint({
    method: 'GET',
    alsoMethods: JUMP_METHODS.filter((m) => m !== 'GET'),
    path: `${JUMP_PATH}/*`,
    permission: userRoute,
    activity: 'proxy.jump',
    grantInPath: true,
    summary:
      'The device-local service behind a jump link: every method of JUMP_METHODS, and WebSocket upgrades',
    params: z.object({ '*': z.string().max(4096) }),
    response: { 200: fileAnswer },
    raw: 'file',
    errors: [403, 404, 409, 502],
  }),
});
