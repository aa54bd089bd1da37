/** The live-update socket (live.ts has its messages). */
import { z } from 'zod';
import { LIVE_PATH } from '../live.ts';
import { userRoute } from '../permissions.ts';
import { endpoint, featureEndpoints } from './endpoint.ts';

export const liveEndpoints = featureEndpoints('live', {
  socket: endpoint({
    method: 'GET',
    path: LIVE_PATH,
    permission: userRoute,
    websocket: true,
    summary: 'WebSocket upgrade: subscribe to live channels ({channel, key, data} messages)',
    response: { 200: z.never().describe('switches to the WebSocket protocol') },
  }),
});
