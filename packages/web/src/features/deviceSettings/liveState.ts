/**
 * Pushed settings state (LIVE_CHANNELS.settings) into the query cache of the device settings screens. A
 * section's state is only ever replaced by what the console pushed last: while subscribed, every later
 * change is pushed too, so a read still on its way (which may have been answered before this change) is
 * dropped rather than allowed to land on top of it.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  LIVE_CHANNELS,
  type SectionKey,
  type SectionStateView,
  type SettingsStateResponse,
} from '@edge/protocol';
import { useChannel } from '../../live/useChannel.ts';

/** Everything the settings screens read of section state: what a reconnect reads again. */
export const SETTINGS_STATE_KEY = ['deviceSettings', 'state'] as const;
export const settingsStateKey = (id: string, section: SectionKey) =>
  [...SETTINGS_STATE_KEY, id, section] as const;

/** One chain per cache, so pushes land in the order they came even when a read must be cancelled first. */
const chains = new WeakMap<QueryClient, Promise<void>>();

async function apply(client: QueryClient, deviceId: string, view: SectionStateView): Promise<void> {
  const key = settingsStateKey(deviceId, view.section);
  // A section not on screen (nothing read yet) has nothing to update: its first read brings the state.
  if (!client.getQueryData<SettingsStateResponse>(key)) return;
  if (client.isFetching({ queryKey: key, exact: true }) > 0)
    await client.cancelQueries({ queryKey: key, exact: true });
  client.setQueryData<SettingsStateResponse>(key, (old) => (old ? { ...old, sections: [view] } : old));
}

export function applySettingsView(
  client: QueryClient,
  deviceId: string,
  view: SectionStateView,
): Promise<void> {
  const next = (chains.get(client) ?? Promise.resolve()).then(() => apply(client, deviceId, view));
  chains.set(client, next);
  return next;
}

/** The state of one device's settings sections, pushed while the caller is mounted; read again after a reconnect. */
export function useLiveSettings(id: string): void {
  const client = useQueryClient();
  useChannel(
    LIVE_CHANNELS.settings,
    id,
    (view) => void applySettingsView(client, id, view),
    () => void client.invalidateQueries({ queryKey: SETTINGS_STATE_KEY }),
  );
}
