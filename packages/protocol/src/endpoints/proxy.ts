/** Jump to device: the link (SPEC 7 proxy/start) and the reverse proxy behind it. */
import { z } from 'zod';
import { JUMP_ENTER_PATH, PROXY_API, proxyStartRequest, proxyStartResponse } from '../proxy.ts';
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
  // The link is the grant; the handler also checks it was made for the caller, then redirects the browser to
  // the link's own host with a pass for it (the device's pages are served there, not here).
  enter: endpoint({
    method: 'GET',
    // A wildcard: a route parameter is held to 100 characters, and a sealed link is longer.
    path: `${JUMP_ENTER_PATH}/*`,
    permission: userRoute,
    activity: 'proxy.jump',
    summary:
      "Opens a jump link: a redirect to the link's own host, where the device's web interface is served",
    params: z.object({ '*': z.string().max(4096) }),
    response: { 200: fileAnswer, 302: z.null().describe("to the link's own host") },
    raw: 'file',
    errors: [403, 404, 409],
  }),
});
