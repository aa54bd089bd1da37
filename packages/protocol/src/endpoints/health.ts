/** The readiness probe for load balancers (not an API call; left out of the OpenAPI document). */
import { z } from 'zod';
import { publicRoute } from '../permissions.ts';
import { endpoint, featureEndpoints } from './endpoint.ts';

const healthStatus = z.object({ status: z.enum(['ok', 'unavailable']) });

export const healthEndpoints = featureEndpoints('health', {
  ready: endpoint({
    method: 'GET',
    path: '/healthz',
    permission: publicRoute,
    hidden: true,
    response: { 200: healthStatus, 503: healthStatus },
  }),
});
