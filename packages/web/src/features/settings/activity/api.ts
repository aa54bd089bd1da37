/** Settings > Activity: every change made through the API, newest first, paged by the server; how long it is kept. */
import { keepPreviousData } from '@tanstack/react-query';
import { endpoints } from '@edge/protocol';
import { queryKeys, useEndpointMutation, useEndpointQuery } from '../../../api/hooks.ts';

const { activity } = endpoints;

export const useActivity = (page: number, pageSize: number) =>
  useEndpointQuery(activity.list, { page, pageSize }, { placeholderData: keepPreviousData, staleTime: 0 });

export const useRetention = () => useEndpointQuery(activity.retention);

export const useSaveRetention = () =>
  useEndpointMutation(activity.setRetention, {
    onSuccess: (saved, _body, client) => client.setQueryData(queryKeys.of(activity.retention), saved),
  });
