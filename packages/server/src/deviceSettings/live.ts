/**
 * Section state as a live channel (protocol LIVE_CHANNELS.settings, key: a device id): every change of a
 * section's state, outcome, drift or versions (config/section-changes.ts, from whichever replica made it)
 * goes out as it comes, to the browsers watching that device's settings: they are few, and every step of an
 * apply counts. Who may read it: whoever may call GET settings/state (routes.ts), asked on every subscription.
 */
import { LIVE_CHANNELS, canView } from '@edge/protocol';
import type { SectionChanges } from '../deviceConfig/index.ts';
import type { DeviceServices } from '../devices/index.ts';
import type { LiveHub } from '../live/hub.ts';

export function settingsStateChannel(deps: {
  hub: LiveHub;
  devices: DeviceServices['devices'];
  sectionChanges: SectionChanges;
}): () => void {
  const feed = deps.hub.register({
    name: LIVE_CHANNELS.settings,
    need: [canView('Inventory')],
    refuseKey: (key) => (deps.devices.get(key) ? null : 'deviceNotFound'),
  });
  return deps.sectionChanges.on((deviceId, section) => feed.push(deviceId, section));
}
