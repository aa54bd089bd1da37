/** The Clients app's list; block, unblock and unlink are the device's settings calls (deviceSettings clients/...). */
import { CLIENTS_API, clientListQuery, clientListResponse } from '../clients.ts';
import { canView } from '../permissions.ts';
import { endpoint, featureEndpoints } from './endpoint.ts';

export const clientsEndpoints = featureEndpoints('clients', {
  list: endpoint({
    method: 'GET',
    path: `${CLIENTS_API}/list`,
    permission: canView('Clients'),
    query: clientListQuery,
    response: { 200: clientListResponse },
  }),
});
