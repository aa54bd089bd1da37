/**
 * Inventory calls (protocol endpoints/inventory.ts) and their query keys. The cached list pages, counts,
 * map and dashboards are kept current by the live channels (live/useLiveInventory.ts), not by polling.
 */
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import {
  endpoints,
  type DeviceActionResponse,
  type DeviceCountsView,
  type DeviceRow,
  type MessageResponse,
  type SortOptionsResponse,
} from '@edge/protocol';
import { call } from '../../api/call.ts';
import { useEndpointMutation, useEndpointQuery } from '../../api/hooks.ts';
import { applyRowsToCaches } from './live/caches.ts';
import { inventoryKeys, type DeviceListQuery, type GroupPageQuery } from './keys.ts';

export type { DeviceListQuery, GroupPageQuery };

const { inventory } = endpoints;
export { inventoryKeys };

export const useDeviceList = (query: DeviceListQuery) =>
  useEndpointQuery(inventory.list, query, { placeholderData: keepPreviousData });

/** Fleet-wide online/offline counts (the pie); the live socket keeps them current after the first read. */
export const useDeviceCounts = () =>
  useQuery({
    queryKey: inventoryKeys.counts,
    queryFn: () =>
      call(inventory.list, { page: 1, pageSize: 10 }).then((r): DeviceCountsView => ({
        numOnline: r.numOnline,
        numOffline: r.numOffline,
      })),
  });

export interface SortChoices {
  sortBy: SortOptionsResponse['list'];
  order: SortOptionsResponse['list'];
}

/** getDeviceSortBy and getSignalListSortBy (one select), and getOrder. They never change: read once. */
export const useSortOptions = () =>
  useQuery({
    queryKey: inventoryKeys.sortOptions,
    queryFn: async (): Promise<SortChoices> => {
      const [device, signal, order] = await Promise.all([
        call(inventory.deviceSortBy),
        call(inventory.signalListSortBy),
        call(inventory.order),
      ]);
      return { sortBy: [...device.list, ...signal.list], order: order.list };
    },
    staleTime: Infinity,
  });

/** The groups (the whole list); Provision's adoption reads the same query, with its own options. */
export const useGroups = (options: { meta?: Record<string, unknown>; retry?: boolean } = {}) =>
  useEndpointQuery(inventory.groupList, undefined, { select: (r) => r.list, ...options });

export const useGroupsV2 = (query: GroupPageQuery) =>
  useEndpointQuery(inventory.groupListV2, query, { placeholderData: keepPreviousData });

export const useDashboard = (id: string) =>
  useEndpointQuery(
    inventory.dashboard,
    { DeviceID: id },
    // Kept current by the socket; read again only when the page is opened anew.
    { staleTime: 0, retry: false },
  );

export const useDashboardConfig = () => useEndpointQuery(inventory.dashboardConfig);

export const useMap = () => useEndpointQuery(inventory.map, undefined, { staleTime: 0 });

// ---------------------------------------------------------------------------------------------------------
// Changes

/** Groups and their counts, and every list that shows group names, after a group change. */
const groupsChanged = [
  inventoryKeys.groups,
  inventoryKeys.groupPages,
  inventoryKeys.lists,
  inventoryKeys.map,
];

/** The answer of an action carries the device's new row: every cache showing the device takes it at once. */
function deviceChanged(client: QueryClient, row: DeviceRow) {
  applyRowsToCaches(client, { changed: [row], removed: [] });
}

export type DeviceAction = 'setIdle' | 'clearIdle' | 'reboot' | 'shutdown' | 'delete';

export function useDeviceAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, id }: { action: DeviceAction; id: string }): Promise<MessageResponse> => {
      switch (action) {
        case 'setIdle':
        case 'clearIdle':
          return call(inventory.setIdle, { id, idle: action === 'setIdle' });
        case 'reboot':
          return call(inventory.reboot, { id });
        case 'shutdown':
          return call(inventory.shutdown, { id });
        case 'delete':
          return call(inventory.remove, { id });
      }
    },
    onSuccess: (answer, { action, id }) => {
      if ('device' in answer) deviceChanged(client, (answer as DeviceActionResponse).device);
      if (action === 'delete') {
        applyRowsToCaches(client, { changed: [], removed: [id] });
        void client.invalidateQueries({ queryKey: inventoryKeys.lists });
        void client.invalidateQueries({ queryKey: inventoryKeys.counts });
        void client.invalidateQueries({ queryKey: inventoryKeys.groups });
        void client.invalidateQueries({ queryKey: inventoryKeys.groupPages });
      }
    },
  });
}

export const useSetSecureMode = () =>
  useEndpointMutation(inventory.secureMode, {
    onSuccess: (answer, _body, client) => deviceChanged(client, answer.device),
  });

export const useCreateGroup = () =>
  useEndpointMutation(inventory.createGroup, {
    toInput: (name: string) => ({ name }),
    invalidates: groupsChanged,
  });

export const useRenameGroup = () => useEndpointMutation(inventory.editGroup, { invalidates: groupsChanged });

export const useDeleteGroup = () =>
  useEndpointMutation(inventory.deleteGroup, {
    toInput: (id: number) => ({ id }),
    invalidates: groupsChanged,
  });

export const useAssignGroup = () =>
  useEndpointMutation(inventory.assignGroup, { invalidates: groupsChanged });

export const useSaveDashboardConfig = () =>
  useEndpointMutation(inventory.saveDashboardConfig, {
    invalidates: [inventoryKeys.map],
    onSuccess: (config, _patch, client) => client.setQueryData(inventoryKeys.dashboardConfig, config),
  });
