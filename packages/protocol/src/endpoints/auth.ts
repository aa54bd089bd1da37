/** Signing in and out with a password (security keys: webauthn.ts). */
import { loginRequest, loginResponse, okResponse } from '../auth.ts';
import { publicRoute, userRoute } from '../permissions.ts';
import { endpoint, featureEndpoints } from './endpoint.ts';

export const authEndpoints = featureEndpoints('auth', {
  login: endpoint({
    method: 'POST',
    path: '/api/v1/auth/login',
    permission: publicRoute,
    activity: 'auth.login',
    // Wrong passwords are bounded by the throttle (20 per address per window), so each one is logged.
    logsEveryRefusal: true,
    body: loginRequest,
    response: { 200: loginResponse },
    errors: [401, 429],
  }),
  // A signed-in user's endpoint, so the guard asks a cookie session for its CSRF token like any mutation.
  logout: endpoint({
    method: 'POST',
    path: '/api/v1/auth/logout',
    permission: userRoute,
    activity: 'auth.logout',
    response: { 200: okResponse },
  }),
});
