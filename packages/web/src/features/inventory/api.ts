/**
 * Inventory calls (packages/protocol/src/inventory.ts) and their query keys. The cached list pages, counts,
 * map and dashboards are kept current by the live channels (live/useLiveInventory.ts), not by polling.
 */
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type {
  DashboardConfig,
  DashboardConfigPatch,
  DeviceActionResponse,
  DeviceCountsView,
  DeviceDashboard,
  DeviceGroup,
  DeviceRow,
  DeviceSortKey,
  DeviceStatusLabel,
  GroupListResponse,
  GroupListV2Response,
  InventoryListResponse,
  LoadLevel,
  MapResponse,
  MessageResponse,
  SecureMode,
  SignalQuality,
  SortOptionsResponse,
  SortOrder,
} from '@edge/protocol';
import { api } from '../../api/client.ts';
import { applyRowsToCaches } from './live/caches.ts';

/** The parameters of GET /api/v1/inventory/list as the console sends them (InventoryListQuery, parsed). */
export interface DeviceListQuery {
  page: number;
  pageSize: number;
  search?: string;
  sortBy: DeviceSortKey;
  order: SortOrder;
  modelID?: string;
  /** 0: devices in no group. */
  groupId?: number;
  status?: DeviceStatusLabel;
  online?: boolean;
  signalQuality?: SignalQuality;
  loadLevel?: LoadLevel;
}
export interface GroupPageQuery {
  page: number;
  pageSize: number;
  name?: string;
}

const V1 = '/api/v1/inventory';

export const inventoryKeys = {
  all: ['inventory'] as const,
  lists: ['inventory', 'list'] as const,
  list: (query: DeviceListQuery) => ['inventory', 'list', query] as const,
  counts: ['inventory', 'counts'] as const,
  groups: ['inventory', 'groups'] as const,
  groupsV2: (query: GroupPageQuery) => ['inventory', 'groups', 'v2', query] as const,
  sortOptions: ['inventory', 'sortOptions'] as const,
  dashboards: ['inventory', 'dashboard'] as const,
  dashboard: (id: string) => ['inventory', 'dashboard', id] as const,
  dashboardConfig: ['inventory', 'dashboardConfig'] as const,
  map: ['inventory', 'map'] as const,
};

export const useDeviceList = (query: DeviceListQuery) =>
  useQuery({
    queryKey: inventoryKeys.list(query),
    queryFn: () => api.get<InventoryListResponse>(`${V1}/list`, { query: { ...query } }),
    placeholderData: keepPreviousData,
  });

/** Fleet-wide online/offline counts (the pie); the live socket keeps them current after the first read. */
export const useDeviceCounts = () =>
  useQuery({
    queryKey: inventoryKeys.counts,
    queryFn: () =>
      api
        .get<InventoryListResponse>(`${V1}/list`, { query: { page: 1, pageSize: 10 } })
        .then((r): DeviceCountsView => ({ numOnline: r.numOnline, numOffline: r.numOffline })),
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
        api.get<SortOptionsResponse>(`${V1}/getDeviceSortBy`),
        api.get<SortOptionsResponse>(`${V1}/getSignalListSortBy`),
        api.get<SortOptionsResponse>(`${V1}/getOrder`),
      ]);
      return { sortBy: [...device.list, ...signal.list], order: order.list };
    },
    staleTime: Infinity,
  });

export const useGroups = () =>
  useQuery({
    queryKey: inventoryKeys.groups,
    queryFn: () => api.get<GroupListResponse>(`${V1}/group/list`).then((r) => r.list),
  });

export const useGroupsV2 = (query: GroupPageQuery) =>
  useQuery({
    queryKey: inventoryKeys.groupsV2(query),
    queryFn: () => api.get<GroupListV2Response>('/api/v2/inventory/group/list', { query: { ...query } }),
    placeholderData: keepPreviousData,
  });

export const useDashboard = (id: string) =>
  useQuery({
    queryKey: inventoryKeys.dashboard(id),
    queryFn: () => api.post<DeviceDashboard>('/api/v1/dashboards/get', { DeviceID: id }),
    // Kept current by the socket; read again only when the page is opened anew.
    staleTime: 0,
    retry: false,
  });

export const useDashboardConfig = () =>
  useQuery({
    queryKey: inventoryKeys.dashboardConfig,
    queryFn: () => api.get<DashboardConfig>(`${V1}/dashboardConfig`),
  });

export const useMap = () =>
  useQuery({
    queryKey: inventoryKeys.map,
    queryFn: () => api.get<MapResponse>(`${V1}/map`),
    staleTime: 0,
  });

// ---------------------------------------------------------------------------------------------------------
// Changes

/** Groups and their counts, and every list that shows group names, after a group change. */
function refreshGroups(client: QueryClient) {
  void client.invalidateQueries({ queryKey: inventoryKeys.groups });
  void client.invalidateQueries({ queryKey: inventoryKeys.lists });
  void client.invalidateQueries({ queryKey: inventoryKeys.map });
}

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
          return api.patch<DeviceActionResponse>(`${V1}/setIdle`, { id, idle: action === 'setIdle' });
        case 'reboot':
          return api.post<DeviceActionResponse>(`${V1}/reboot`, { id });
        case 'shutdown':
          return api.post<DeviceActionResponse>(`${V1}/shutdown`, { id });
        case 'delete':
          return api.delete<MessageResponse>(`${V1}/delete`, { id });
      }
    },
    onSuccess: (answer, { action, id }) => {
      if ('device' in answer) deviceChanged(client, (answer as DeviceActionResponse).device);
      if (action === 'delete') {
        applyRowsToCaches(client, { changed: [], removed: [id] });
        void client.invalidateQueries({ queryKey: inventoryKeys.lists });
        void client.invalidateQueries({ queryKey: inventoryKeys.counts });
        void client.invalidateQueries({ queryKey: inventoryKeys.groups });
      }
    },
  });
}

export function useSetSecureMode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: string; secureMode: SecureMode }) =>
      api.patch<DeviceActionResponse>(`${V1}/secureMode/setting`, body),
    onSuccess: (answer) => deviceChanged(client, answer.device),
  });
}

export function useCreateGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.post<DeviceGroup>(`${V1}/group/create`, { name }),
    onSuccess: () => refreshGroups(client),
  });
}

export function useRenameGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: number; name: string }) => api.patch<DeviceGroup>(`${V1}/group/edit`, body),
    onSuccess: () => refreshGroups(client),
  });
}

export function useDeleteGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<MessageResponse>(`${V1}/group/delete`, { id }),
    onSuccess: () => refreshGroups(client),
  });
}

export function useAssignGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { groupId: number | null; deviceIds: string[] }) =>
      api.patch<MessageResponse>(`${V1}/group/assign`, body),
    onSuccess: () => refreshGroups(client),
  });
}

export function useSaveDashboardConfig() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: DashboardConfigPatch) => api.patch<DashboardConfig>(`${V1}/dashboardConfig`, patch),
    onSuccess: (config) => {
      client.setQueryData(inventoryKeys.dashboardConfig, config);
      void client.invalidateQueries({ queryKey: inventoryKeys.map });
    },
  });
}
