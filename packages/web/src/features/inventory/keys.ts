/** The inventory feature's one set of query keys, made from its endpoints (api.ts reads, live/ updates). */
import { endpoints, type GroupListV2Params, type InventoryListParams } from '@edge/protocol';
import { queryKeys } from '../../api/hooks.ts';

const { inventory } = endpoints;

/** The parameters of the device list as the console sends them (the list query, parsed). */
export type DeviceListQuery = InventoryListParams;
export type GroupPageQuery = GroupListV2Params;

/** The counts and the sort choices are reads of their own, made of several calls. */
export const inventoryKeys = {
  all: queryKeys.feature('inventory'),
  lists: queryKeys.endpoint(inventory.list),
  list: (query: DeviceListQuery) => queryKeys.of(inventory.list, query),
  counts: [...queryKeys.feature('inventory'), 'counts'] as const,
  groups: queryKeys.endpoint(inventory.groupList),
  groupPages: queryKeys.endpoint(inventory.groupListV2),
  groupsV2: (query: GroupPageQuery) => queryKeys.of(inventory.groupListV2, query),
  sortOptions: [...queryKeys.feature('inventory'), 'sortOptions'] as const,
  dashboards: queryKeys.endpoint(inventory.dashboard),
  dashboard: (id: string) => queryKeys.of(inventory.dashboard, { DeviceID: id }),
  dashboardConfig: queryKeys.of(inventory.dashboardConfig),
  map: queryKeys.of(inventory.map),
};
