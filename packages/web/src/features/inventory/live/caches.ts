/**
 * Applies device changes (from the live socket, or from an action's answer) to every cached inventory
 * answer: rows of list pages, fleet counts, the map, open dashboards. A list page's membership and order
 * come from the console (the list channel, useLiveList), never from guessing here.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type {
  DashboardSnapshot,
  DeviceCountsView,
  DeviceDashboard,
  InventoryListResponse,
  LivePoint,
  MapResponse,
} from '@edge/protocol';
import {
  applyDevicesToMap,
  applyDevicesToPage,
  applyRowToDashboard,
  applySnapshot,
  type DevicesBatch,
} from './merge.ts';
import { inventoryKeys } from '../keys.ts';

const LIST_KEY = inventoryKeys.lists;
const COUNTS_KEY = inventoryKeys.counts;
const MAP_KEY = inventoryKeys.map;
const GROUPS_V2_KEY = inventoryKeys.groupPages;
const dashboardKey = inventoryKeys.dashboard;

/** Group counts follow devices going on- and offline; read again at most this often. */
const GROUPS_THROTTLE_MS = 3000;

/** What the group counts depend on, per device, as last seen: online flag and group. */
const seen = new WeakMap<QueryClient, Map<string, string>>();

function groupCountsChanged(client: QueryClient, batch: DevicesBatch): boolean {
  let known = seen.get(client);
  if (!known) seen.set(client, (known = new Map()));
  let changed = batch.removed.length > 0;
  for (const id of batch.removed) known.delete(id);
  for (const row of batch.changed) {
    const now = `${row.online}|${row.groupId}`;
    if (known.get(row.id) !== now) changed = true;
    known.set(row.id, now);
  }
  return changed;
}

const pending = new WeakMap<QueryClient, Map<string, ReturnType<typeof setTimeout>>>();

function refetchSoon(client: QueryClient, key: QueryKey, delay: number): void {
  let timers = pending.get(client);
  if (!timers) pending.set(client, (timers = new Map()));
  const id = JSON.stringify(key);
  if (timers.has(id)) return;
  timers.set(
    id,
    setTimeout(() => {
      timers.delete(id);
      void client.invalidateQueries({ queryKey: key });
    }, delay),
  );
}

export function setCounts(client: QueryClient, counts: DeviceCountsView): void {
  client.setQueryData<DeviceCountsView>(COUNTS_KEY, {
    numOnline: counts.numOnline,
    numOffline: counts.numOffline,
  });
}

export function applyRowsToCaches(client: QueryClient, batch: DevicesBatch): void {
  if (batch.changed.length > 0 || batch.removed.length > 0)
    for (const [key, page] of client.getQueriesData<InventoryListResponse>({ queryKey: LIST_KEY }))
      if (page) client.setQueryData(key, applyDevicesToPage(page, batch));

  if (batch.numOnline !== undefined && batch.numOffline !== undefined) {
    setCounts(client, { numOnline: batch.numOnline, numOffline: batch.numOffline });
  }

  const map = client.getQueryData<MapResponse>(MAP_KEY);
  if (map) client.setQueryData(MAP_KEY, applyDevicesToMap(map, batch));

  for (const row of batch.changed) {
    const dashboard = client.getQueryData<DeviceDashboard>(dashboardKey(row.id));
    if (dashboard) client.setQueryData(dashboardKey(row.id), applyRowToDashboard(dashboard, row));
  }

  if (groupCountsChanged(client, batch)) refetchSoon(client, GROUPS_V2_KEY, GROUPS_THROTTLE_MS);
}

export function applyDashboardMessage(
  client: QueryClient,
  deviceId: string,
  snapshot: DashboardSnapshot,
  point: LivePoint | null,
): void {
  const dashboard = client.getQueryData<DeviceDashboard>(dashboardKey(deviceId));
  if (dashboard) client.setQueryData(dashboardKey(deviceId), applySnapshot(dashboard, snapshot, point));
}
