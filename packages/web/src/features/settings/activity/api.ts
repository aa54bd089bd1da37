/** Settings > Activity: every change made through the API, newest first, paged by the server; how long it is kept. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ActivityList, ActivityRetention } from '@edge/protocol';
import { api } from '../../../api/client.ts';

export const useActivity = (page: number, pageSize: number) =>
  useQuery({
    queryKey: ['settings', 'activity', page, pageSize],
    queryFn: () => api.get<ActivityList>('/api/v1/settings/activity/list', { query: { page, pageSize } }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

const RETENTION = '/api/v1/settings/activity/retention';
const retentionKey = ['settings', 'activity', 'retention'] as const;

export const useRetention = () =>
  useQuery({ queryKey: retentionKey, queryFn: () => api.get<ActivityRetention>(RETENTION) });

export function useSaveRetention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ActivityRetention) => api.patch<ActivityRetention>(RETENTION, body),
    onSuccess: (saved) => queryClient.setQueryData(retentionKey, saved),
  });
}
