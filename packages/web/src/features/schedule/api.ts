/** The Schedule app's calls: schedules, the calendar's events, the groups to choose from, 'My Calender' colours, jobs. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  GroupColour,
  JobDetail,
  ScheduleEditRequest,
  ScheduleEvent,
  ScheduleGroups,
  ScheduleListResponse,
  ScheduleRequest,
  ScheduleView,
} from '@edge/protocol';
import { api } from '../../api/client.ts';

const PATH = '/api/v1/schedule';
/** Every query of the app starts with this key: a change reloads them all (the calendar included). */
export const scheduleKey = ['schedule'] as const;
const coloursKey = [...scheduleKey, 'colours'] as const;

/** Read again each minute: the calendar follows (an occurrence that ran since links its job). */
export const useSchedules = () =>
  useQuery({
    queryKey: [...scheduleKey, 'list'],
    queryFn: () => api.get<ScheduleListResponse>(`${PATH}/list`),
    refetchInterval: 60_000,
  });

export const useScheduleGroups = () =>
  useQuery({
    queryKey: [...scheduleKey, 'groups'],
    queryFn: () => api.get<{ list: ScheduleGroups }>(`${PATH}/groups`).then((r) => r.list),
  });

/** The occurrences in the days [start, end) (YYYY-MM-DD, the console's time zone). */
export const fetchEvents = (start: string, end: string) =>
  api.get<{ list: ScheduleEvent[]; timeZone: string }>(`${PATH}/events`, { query: { start, end } });

export const useGroupColours = () =>
  useQuery({
    queryKey: coloursKey,
    queryFn: () => api.get<{ list: GroupColour[] }>(`${PATH}/colours`).then((r) => r.list),
  });

function useScheduleChange<T, R>(call: (body: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scheduleKey }),
  });
}

export const useAddSchedule = () =>
  useScheduleChange((body: ScheduleRequest) => api.post<ScheduleView>(`${PATH}/add`, body));
export const useEditSchedule = () =>
  useScheduleChange((body: ScheduleEditRequest) => api.patch<ScheduleView>(`${PATH}/edit`, body));
export const useDeleteSchedule = () =>
  useScheduleChange((id: number) => api.delete<{ message: string }>(`${PATH}/delete`, { id }));

export function useSetGroupColour() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entry: GroupColour) => api.patch<{ list: GroupColour[] }>(`${PATH}/colours`, entry),
    onSuccess: (r) => queryClient.setQueryData(coloursKey, r.list),
  });
}

const jobKey = (id: number | null) => [...scheduleKey, 'job', id] as const;

/** The job an occurrence created, refreshed while it runs. */
export const useJob = (id: number | null) =>
  useQuery({
    queryKey: jobKey(id),
    queryFn: () => api.get<JobDetail>(`${PATH}/job`, { query: { id: id! } }),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.job.finishedAt === null ? 2000 : false),
  });

export function useRerunJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<JobDetail>(`${PATH}/rerun`, { id }),
    onSuccess: (detail) => queryClient.setQueryData(jobKey(detail.job.id), detail),
  });
}
