/** The Schedule app's calls (protocol endpoints/schedule.ts): schedules, the calendar's events, the groups to choose from, 'My Calender' colours, jobs. */
import { endpoints } from '@edge/protocol';
import { call } from '../../api/call.ts';
import { queryKeys, useEndpointMutation, useEndpointQuery } from '../../api/hooks.ts';

const { schedule } = endpoints;
/** Every query of the app starts with this key: a change reloads them all (the calendar included). */
export const scheduleKey = queryKeys.feature('schedule');

/** Read again each minute: the calendar follows (an occurrence that ran since links its job). */
export const useSchedules = () => useEndpointQuery(schedule.list, undefined, { refetchInterval: 60_000 });

export const useScheduleGroups = () =>
  useEndpointQuery(schedule.groups, undefined, { select: (r) => r.list });

/** The occurrences in the days [start, end) (YYYY-MM-DD, the console's time zone). */
export const fetchEvents = (start: string, end: string) => call(schedule.events, { start, end });

export const useGroupColours = () => useEndpointQuery(schedule.colours, undefined, { select: (r) => r.list });

const changed = { invalidates: [scheduleKey] };

export const useAddSchedule = () => useEndpointMutation(schedule.add, changed);
export const useEditSchedule = () => useEndpointMutation(schedule.edit, changed);
export const useDeleteSchedule = () =>
  useEndpointMutation(schedule.remove, { ...changed, toInput: (id: number) => ({ id }) });

export const useSetGroupColour = () =>
  useEndpointMutation(schedule.setColour, {
    onSuccess: (answer, _entry, client) => client.setQueryData(queryKeys.of(schedule.colours), answer),
  });

/** The job an occurrence created, refreshed while it runs. */
export const useJob = (id: number | null) =>
  useEndpointQuery(
    schedule.job,
    { id: id ?? 0 },
    {
      enabled: id !== null,
      refetchInterval: (query) => (query.state.data?.job.finishedAt === null ? 2000 : false),
    },
  );

export const useRerunJob = () =>
  useEndpointMutation(schedule.rerun, {
    toInput: (id: number) => ({ id }),
    onSuccess: (detail, _id, client) =>
      client.setQueryData(queryKeys.of(schedule.job, { id: detail.job.id }), detail),
  });
