/** Sign-in lock-outs (GET/DELETE /api/v1/security/lockouts): who the throttle is holding back, and clearing them. */
import { endpoints } from '@edge/protocol';
import { queryKeys, useEndpointMutation, useEndpointQuery } from '../../../api/hooks.ts';

const { security } = endpoints;

export const useLockouts = () => useEndpointQuery(security.lockouts, undefined, { staleTime: 0 });

export const useClearLockouts = () =>
  useEndpointMutation(security.clearLockouts, { invalidates: [queryKeys.of(security.lockouts)] });
