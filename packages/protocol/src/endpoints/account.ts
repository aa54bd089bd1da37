/** The signed-in user's own account (Settings > Account). */
import { okResponse, passwordChangeRequest, profileRequest } from '../auth.ts';
import { accountInfoResponse } from '../users.ts';
import { userRoute } from '../permissions.ts';
import { endpoint, featureEndpoints } from './endpoint.ts';

const BASE = '/api/v1/settings/account';

export const accountEndpoints = featureEndpoints('account', {
  info: endpoint({
    method: 'GET',
    path: `${BASE}/getAccountInfo`,
    permission: userRoute,
    response: { 200: accountInfoResponse },
  }),
  profile: endpoint({
    method: 'PATCH',
    path: `${BASE}/profile`,
    permission: userRoute,
    activity: 'account.profile',
    body: profileRequest,
    response: { 200: okResponse },
  }),
  password: endpoint({
    method: 'PATCH',
    path: `${BASE}/password`,
    permission: userRoute,
    activity: 'account.password',
    body: passwordChangeRequest,
    response: { 200: okResponse },
  }),
});
