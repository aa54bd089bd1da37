/** The device or group a request names, or the SPEC's 404 for it. */
import type { DeviceGroup } from '@edge/protocol';
import { fail } from '../http/errors.ts';
import type { DeviceDirectory, DeviceView } from '../devices/index.ts';

export function knownDevice(devices: Pick<DeviceDirectory, 'get'>, id: string): DeviceView {
  const view = devices.get(id);
  if (!view) throw fail(404, 'deviceNotFound');
  return view;
}

export async function knownGroup(devices: Pick<DeviceDirectory, 'groups'>, id: number): Promise<DeviceGroup> {
  const group = await devices.groups.get(id);
  if (!group) throw fail(404, 'groupNotFound');
  return group;
}
