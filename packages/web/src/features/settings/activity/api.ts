/** Settings > Activity: every change made through the API, newest first, paged by the server. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ActivityList } from '@edge/protocol';
import { api } from '../../../api/client.ts';

export const useActivity = (page: number, pageSize: number) =>
  useQuery({
    queryKey: ['settings', 'activity', page, pageSize],
    queryFn: () => api.get<ActivityList>('/api/v1/settings/activity/list', { query: { page, pageSize } }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
