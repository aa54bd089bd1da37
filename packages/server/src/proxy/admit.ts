/** What every jump (the link, its entry, each request on its host) asks again: device, secure mode, port. */
import { jumpServiceAt, REMOTE_HELP_PORT, remoteAccessAllowed } from '@edge/protocol';
import type { ConfigService } from '../deviceConfig/index.ts';
import type { DeviceDirectory, DeviceView } from '../devices/index.ts';
import { fail } from '../http/errors.ts';

export interface AdmitDeps {
  devices: Pick<DeviceDirectory, 'get'>;
  config: Pick<ConfigService, 'current'>;
}

export function reachable(devices: Pick<DeviceDirectory, 'get'>, id: string): DeviceView {
  const device = devices.get(id);
  if (!device) throw fail(404, 'deviceNotFound');
  if (!remoteAccessAllowed(device.secureMode)) throw fail(403, 'secureModeRefusesAccess');
  if (!device.online) throw fail(409, 'deviceOffline');
  return device;
}

/**
 * A port of the device's jump-to services (its General section); SPEC 4 remote help: port 22 only while
 * remote help is on (turned off since a link was made, it cuts the link). The agent holds to the same list.
 */
export async function admitPort(deps: AdmitDeps, deviceId: string, port: number): Promise<void> {
  const general = await deps.config.current(deviceId, 'general');
  if (port === REMOTE_HELP_PORT) {
    if (!general.remoteHelp) throw fail(403, 'remoteHelpOff');
  } else if (!jumpServiceAt(general, port)) throw fail(403, 'jumpServiceNotFound');
}

/** Device, secure mode and port, in that order. */
export async function admitJump(deps: AdmitDeps, deviceId: string, port: number): Promise<DeviceView> {
  const device = reachable(deps.devices, deviceId);
  await admitPort(deps, device.id, port);
  return device;
}
