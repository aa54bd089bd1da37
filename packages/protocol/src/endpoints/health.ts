/** The readiness probe for load balancers (not an API call; left out of the OpenAPI document). */
import { z } from 'zod';
import { publicRoute } from '../permissions.ts';
import { endpoint, featureEndpoints } from './endpoint.ts';

/** 503 while the database does not answer: the console runs on, and a probe tells that from a console gone. */
const healthStatus = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.literal('unreachable').optional(),
});

export const healthEndpoints = featureEndpoints('health', {
  ready: endpoint({
    method: 'GET',
    path: '/healthz',
    permission: publicRoute,
    hidden: true,
    response: { 200: healthStatus, 503: healthStatus },
  }),
});
