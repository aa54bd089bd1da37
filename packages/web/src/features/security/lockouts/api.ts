/** Sign-in lock-outs (GET/DELETE /api/v1/security/lockouts): who the throttle is holding back, and clearing them. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClearLockoutsRequest, LockoutList } from '@edge/protocol';
import { api } from '../../../api/client.ts';

const PATH = '/api/v1/security/lockouts';
const lockoutsKey = ['security', 'lockouts'] as const;

export const useLockouts = () =>
  useQuery({ queryKey: lockoutsKey, queryFn: () => api.get<LockoutList>(PATH), staleTime: 0 });

export function useClearLockouts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (filter: ClearLockoutsRequest) => api.delete<{ message: string }>(PATH, filter),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lockoutsKey }),
  });
}
