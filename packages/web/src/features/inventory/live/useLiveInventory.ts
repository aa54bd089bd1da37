/**
 * Live inventory for the screens: while a screen that calls useLiveInventory() is mounted, the shared socket
 * (connection.ts) is open and its messages update the TanStack Query cache in place: 'devices' batches merge
 * into list pages (by id), counts, the map and open dashboards; 'discovery' makes Provision read its list
 * again; 'dashboard' snapshots of watched devices replace their figures and extend their charts; 'settings'
 * messages replace the state of a watched device's settings section (settingsState.ts).
 * There is no polling anywhere: every read after the first is caused by a message.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { LiveServerMessage } from '@edge/protocol';
import { applyDashboardMessage, applyRowsToCaches, setCounts } from './caches.ts';
import { liveConnection, type LiveState } from './connection.ts';
import { SETTINGS_STATE_KEY, applySettingsView } from './settingsState.ts';

const INVENTORY_KEY = ['inventory'] as const;
const DISCOVERY_KEY = ['provision', 'discovery'] as const;

export function handleLiveMessage(client: QueryClient, message: LiveServerMessage, opens: number): void {
  switch (message.type) {
    case 'hello':
      setCounts(client, message);
      // A reconnect: changes made while the socket was down never arrived; read what is on screen again.
      if (opens > 1) {
        void client.invalidateQueries({ queryKey: INVENTORY_KEY });
        void client.invalidateQueries({ queryKey: DISCOVERY_KEY });
        void client.invalidateQueries({ queryKey: SETTINGS_STATE_KEY });
      }
      return;
    case 'devices':
      applyRowsToCaches(client, message);
      return;
    case 'dashboard':
      applyDashboardMessage(client, message.deviceId, message.snapshot, message.point);
      return;
    case 'settings':
      void applySettingsView(client, message.deviceId, message.section);
      return;
    case 'discovery':
      void client.invalidateQueries({ queryKey: DISCOVERY_KEY });
      return;
    default:
      return;
  }
}

/** Keeps the live socket open while the calling screen is mounted; answers its state. */
export function useLiveInventory(): LiveState {
  const client = useQueryClient();
  useEffect(
    () => liveConnection.hold((message, { opens }) => handleLiveMessage(client, message, opens)),
    [client],
  );
  return useSyncExternalStore(
    liveConnection.subscribeState,
    liveConnection.getState,
    liveConnection.getState,
  );
}

/** useLiveInventory, plus dashboard snapshots of one device. */
export function useLiveDevice(id: string): LiveState {
  const state = useLiveInventory();
  useEffect(() => liveConnection.watchDevice(id), [id]);
  return state;
}

/** useLiveInventory, plus the state of one device's settings sections, pushed while the caller is mounted. */
export function useLiveSettings(id: string): LiveState {
  const state = useLiveInventory();
  useEffect(() => liveConnection.watchSettings(id), [id]);
  return state;
}
