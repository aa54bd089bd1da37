/** A remote session (terminal, desktop) ends when its device goes offline: the tunnel it rides on is gone. */
import type { DeviceDirectory } from '../devices/index.ts';

/** Calls `gone` once `deviceId` is offline; returns the unsubscribe. */
export function whenDeviceGone(
  devices: Pick<DeviceDirectory, 'onChange'>,
  deviceId: string,
  gone: () => void,
): () => void {
  return devices.onChange((change) => {
    if (change.deviceId !== deviceId) return;
    if (change.type === 'offline' || (change.type === 'state' && !change.device.online)) gone();
  });
}
