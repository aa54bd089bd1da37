/**
 * Security keys: the signed-in user's own keys under Settings > Account, and passwordless sign-in
 * (options, then verify) beside the password sign-in under /api/v1/auth.
 */
import { loginResponse, okResponse } from '../auth.ts';
import {
  webauthnDeleteRequest,
  webauthnKeyView,
  webauthnListResponse,
  webauthnLoginOptionsRequest,
  webauthnLoginOptionsResponse,
  webauthnLoginRequest,
  webauthnRegisterOptionsRequest,
  webauthnRegisterOptionsResponse,
  webauthnRegisterRequest,
  webauthnRenameRequest,
} from '../webauthn.ts';
import { publicRoute, userRoute } from '../permissions.ts';
import { endpoint, featureEndpoints } from './endpoint.ts';

const KEYS = '/api/v1/settings/account/webauthn';
const SIGN_IN = '/api/v1/auth/webauthn';
const own = (activity: string) => ({ permission: userRoute, activity });

export const webauthnEndpoints = featureEndpoints('webauthn', {
  list: endpoint({
    method: 'GET',
    path: KEYS,
    permission: userRoute,
    response: { 200: webauthnListResponse },
  }),
  registerOptions: endpoint({
    method: 'POST',
    path: `${KEYS}/registerOptions`,
    ...own('webauthn.registerOptions'),
    body: webauthnRegisterOptionsRequest,
    response: { 200: webauthnRegisterOptionsResponse },
  }),
  register: endpoint({
    method: 'POST',
    path: `${KEYS}/register`,
    ...own('webauthn.register'),
    body: webauthnRegisterRequest,
    response: { 200: webauthnKeyView },
  }),
  rename: endpoint({
    method: 'PATCH',
    path: KEYS,
    ...own('webauthn.rename'),
    body: webauthnRenameRequest,
    response: { 200: okResponse },
    errors: [404],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: KEYS,
    ...own('webauthn.delete'),
    body: webauthnDeleteRequest,
    response: { 200: okResponse },
    errors: [404],
  }),
  loginOptions: endpoint({
    method: 'POST',
    path: `${SIGN_IN}/options`,
    permission: publicRoute,
    activity: 'auth.webauthn.options',
    body: webauthnLoginOptionsRequest,
    response: { 200: webauthnLoginOptionsResponse },
  }),
  login: endpoint({
    method: 'POST',
    path: `${SIGN_IN}/verify`,
    permission: publicRoute,
    activity: 'auth.webauthn.login',
    body: webauthnLoginRequest,
    response: { 200: loginResponse },
    errors: [401],
  }),
});
