/** The startup variables of SPEC 1 (empty keys switch captcha and analytics off). */
import { variablesResponse } from '../auth.ts';
import { publicRoute } from '../permissions.ts';
import { endpoint, featureEndpoints } from './endpoint.ts';

export const variableEndpoints = featureEndpoints('variable', {
  get: endpoint({
    method: 'GET',
    path: '/api/v1/variable/',
    permission: publicRoute,
    response: { 200: variablesResponse },
  }),
});
