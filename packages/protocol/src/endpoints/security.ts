/** The Security app's overview and the sign-in lock-outs. */
import { okResponse } from '../auth.ts';
import { clearLockoutsRequest, lockoutListResponse } from '../lockouts.ts';
import { securityStatusResponse } from '../acl.ts';
import { canManage, canView } from '../permissions.ts';
import { endpoint, featureEndpoints } from './endpoint.ts';

const LOCKOUTS = '/api/v1/security/lockouts';

export const securityEndpoints = featureEndpoints('security', {
  status: endpoint({
    method: 'GET',
    path: '/api/v1/security/status',
    permission: canView('Security'),
    response: { 200: securityStatusResponse },
  }),
  lockouts: endpoint({
    method: 'GET',
    path: LOCKOUTS,
    permission: canView('Security'),
    response: { 200: lockoutListResponse },
  }),
  clearLockouts: endpoint({
    method: 'DELETE',
    path: LOCKOUTS,
    permission: canManage('Security'),
    activity: 'security.lockouts.clear',
    body: clearLockoutsRequest,
    response: { 200: okResponse },
  }),
});
