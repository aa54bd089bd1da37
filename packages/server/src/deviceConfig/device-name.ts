/**
 * A device name applied through Settings > General is the device's name everywhere the console shows it
 * (inventory list and details, dashboard Hostname, inventory/list deviceName): once the device has taken
 * the change (in sync), its record follows, on every replica, since each hears every section change. The
 * device's next hello says the same, as the agent sets its host name from the General section.
 */
import type { SectionStateView } from '@edge/protocol';
import type { DeviceDirectory } from '../devices/index.ts';
import type { BusLog } from '../gateway/index.ts';
import type { SectionChanges } from './section-changes.ts';

export function appliedDeviceName(view: SectionStateView): string | null {
  if (view.section !== 'general' || view.state !== 'in_sync' || !view.desired) return null;
  return (view.desired as { deviceName?: string }).deviceName ?? null;
}

export function followDeviceNames(
  changes: SectionChanges,
  devices: Pick<DeviceDirectory, 'get' | 'update'>,
  log: BusLog,
): () => void {
  return changes.on((deviceId, view) => {
    const hostname = appliedDeviceName(view);
    if (hostname === null) return;
    const device = devices.get(deviceId);
    if (!device || device.hostname === hostname) return;
    devices.update(deviceId, { hostname }).catch((err: unknown) => {
      log.warn({ err, deviceId }, 'applied device name not recorded');
    });
  });
}
