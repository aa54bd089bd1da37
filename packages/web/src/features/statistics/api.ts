/** Statistics calls (protocol endpoints/statistics.ts) and the device search of its comparison picker. */
import { keepPreviousData } from '@tanstack/react-query';
import { endpoints, type StatisticsQuery } from '@edge/protocol';
import { queryKeys, useEndpointMutation, useEndpointQuery } from '../../api/hooks.ts';

const { statistics, inventory } = endpoints;

const viewsChanged = { invalidates: [queryKeys.endpoint(statistics.views)] };

export const useStatistics = (query: StatisticsQuery | null) =>
  useEndpointQuery(
    statistics.query,
    query ?? { view: { mode: 'overview', indicator: 'cpuUsage', range: '1h' } },
    {
      enabled: query !== null,
      placeholderData: keepPreviousData,
    },
  );

export const useSavedViews = () => useEndpointQuery(statistics.views, undefined, { select: (r) => r.list });
export const useSaveView = () => useEndpointMutation(statistics.saveView, viewsChanged);
export const useDeleteView = () =>
  useEndpointMutation(statistics.deleteView, { ...viewsChanged, toInput: (id: number) => ({ id }) });

/** Devices whose name, serial or address matches: the first page of Inventory's list. */
export const useDeviceSearch = (search: string) =>
  useEndpointQuery(
    inventory.list,
    { page: 1, pageSize: 40, search: search || undefined, sortBy: 'name', order: 'asc' },
    { placeholderData: keepPreviousData, meta: { silentError: true }, retry: false },
  );
