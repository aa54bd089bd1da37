/**
 * The inventory's live channels for the screens (useChannel, src/live/): while a screen that calls these is
 * mounted, the console's pushes update the TanStack Query cache in place: changed rows go into list pages
 * (by id), counts, the map and open dashboards; a shown list page is replaced by the page the console
 * computed; a watched device's dashboard snapshots replace its figures and extend its charts.
 * There is no polling anywhere: every read after the first is caused by a push or a reconnect.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { LIVE_CHANNELS, listChannelKey, type LiveDashboard } from '@edge/protocol';
import { useChannel } from '../../../live/useChannel.ts';
import type { LiveState } from '../../../live/socket.ts';
import { inventoryKeys, type DeviceListQuery } from '../api.ts';
import { applyDashboardMessage, applyRowsToCaches } from './caches.ts';

export function applyDashboard(client: QueryClient, deviceId: string, data: LiveDashboard): void {
  applyDashboardMessage(client, deviceId, data.snapshot, data.point);
}

/** After a reconnect: changes made while the socket was down never arrived; read what is on screen again. */
export function readInventoryAgain(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: inventoryKeys.all });
}

/** Changed rows and the fleet's counts while the calling screen is mounted; answers the socket's state. */
export function useLiveInventory(): LiveState {
  const client = useQueryClient();
  return useChannel(
    LIVE_CHANNELS.devices,
    '',
    (batch) => applyRowsToCaches(client, batch),
    () => readInventoryAgain(client),
  );
}

/** useLiveInventory, plus the page of the device list this query shows, as the console computes it. */
export function useLiveList(query: DeviceListQuery): LiveState {
  const client = useQueryClient();
  const state = useLiveInventory();
  useChannel(LIVE_CHANNELS.list, listChannelKey({ ...query }), (page) =>
    client.setQueryData(inventoryKeys.list(query), page),
  );
  return state;
}

/** useLiveInventory, plus dashboard snapshots of one device. */
export function useLiveDevice(id: string): LiveState {
  const client = useQueryClient();
  const state = useLiveInventory();
  useChannel(LIVE_CHANNELS.dashboard, id, (data) => applyDashboard(client, id, data));
  return state;
}
