/** Settings > Company: the company profile. */
import { companyRequest, companyResponse } from '../company.ts';
import { canManage, canView } from '../permissions.ts';
import { endpoint, featureEndpoints } from './endpoint.ts';

const PATH = '/api/v1/settings/company';

export const companyEndpoints = featureEndpoints('company', {
  get: endpoint({
    method: 'GET',
    path: PATH,
    permission: canView('Company'),
    response: { 200: companyResponse },
  }),
  save: endpoint({
    method: 'PATCH',
    path: PATH,
    permission: canManage('Company'),
    activity: 'company.edit',
    body: companyRequest,
    response: { 200: companyResponse },
  }),
});
