/** Security > Access token: the signed-in user's own tokens. */
import { okResponse } from '../auth.ts';
import { newTokenRequest, newTokenResponse, tokenIdRequest, tokenListResponse } from '../tokens.ts';
import { canManage, canView } from '../permissions.ts';
import { endpoint, featureEndpoints } from './endpoint.ts';

const PATH = '/api/v1/security/accessToken';

export const tokensEndpoints = featureEndpoints('tokens', {
  list: endpoint({
    method: 'GET',
    path: PATH,
    permission: canView('AccessToken'),
    response: { 200: tokenListResponse },
  }),
  create: endpoint({
    method: 'POST',
    path: PATH,
    permission: canManage('AccessToken'),
    activity: 'accessToken.create',
    body: newTokenRequest,
    response: { 200: newTokenResponse },
  }),
  revoke: endpoint({
    method: 'DELETE',
    path: PATH,
    permission: canManage('AccessToken'),
    activity: 'accessToken.revoke',
    body: tokenIdRequest,
    response: { 200: okResponse },
    errors: [404],
  }),
});
