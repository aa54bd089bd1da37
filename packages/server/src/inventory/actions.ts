/**
 * Inventory actions on one device (SPEC 4): set idle, reboot, shut down, delete, secure mode. Each answers
 * with the device's row as it is after the action; a device call that fails is told in the SPEC's words.
 */
import { messages, type DeviceActionResponse, type DeviceRow, type SecureMode } from '@edge/protocol';
import { DeviceRpcError, type DeviceServices, type DeviceView } from '../devices/index.ts';
import { fail } from '../http/errors.ts';
import { rpcStatus, rpcWords, withError } from './device-failure.ts';
import type { SecureModeKeeper } from './secure-mode.ts';
import { knownDevice } from './lookup.ts';

export function inventoryActions(deps: {
  devices: DeviceServices['devices'];
  enrolment: DeviceServices['enrolment'];
  secureModes: SecureModeKeeper;
  rowOf(view: DeviceView): Promise<DeviceRow>;
}) {
  const { devices, rowOf } = deps;
  const device = (id: string) => knownDevice(devices, id);

  return {
    async setIdle(id: string, idle: boolean): Promise<DeviceActionResponse> {
      device(id);
      const view = await devices.actions.setIdle(id, idle);
      return { message: messages[idle ? 'deviceIdleSet' : 'deviceIdleCleared'], device: await rowOf(view) };
    },

    async reboot(id: string): Promise<DeviceActionResponse> {
      device(id);
      try {
        const { inMs } = await devices.actions.reboot(id);
        return { message: messages.deviceRebooting, device: await rowOf(device(id)), delayMs: inMs };
      } catch (err) {
        if (err instanceof DeviceRpcError)
          throw fail(rpcStatus(err), 'cannotReboot', withError('cannotReboot', rpcWords(err)));
        throw err;
      }
    },

    async shutdown(id: string): Promise<DeviceActionResponse> {
      device(id);
      try {
        const { inMs } = await devices.actions.shutdown(id);
        return { message: messages.deviceShuttingDown, device: await rowOf(device(id)), delayMs: inMs };
      } catch (err) {
        if (!(err instanceof DeviceRpcError)) throw err;
        // SPEC 4: a device that cannot turn itself off, or cannot be reached to be told, cannot be turned off.
        if (err.reason === 'deviceOffline' || err.remoteCode === 'unsupported')
          throw fail(409, 'cannotTurnOff');
        if (err.reason === 'deviceTimeout') throw fail(504, 'deviceTimeout');
        if (err.remoteCode === 'busy') throw fail(409, 'deviceBusy');
        throw fail(rpcStatus(err), 'deviceCommandFailed', withError('deviceCommandFailed', rpcWords(err)));
      }
    },

    /** Removes the device: its credential stops working at once; it must be provisioned again. */
    async remove(id: string): Promise<void> {
      device(id);
      await deps.enrolment.remove(id);
      await deps.secureModes.forget(id);
    },

    /** Records the secure mode the operator chose and tells the device (secure-mode.ts). */
    async setSecureMode(id: string, secureMode: SecureMode): Promise<DeviceActionResponse> {
      const view = device(id);
      const running = await deps.secureModes.set(view, secureMode);
      // The device's answer may come before the hello that reports it: the row shows the answer.
      return { message: messages.secureModeEdited, device: await rowOf({ ...view, secureMode: running }) };
    },
  };
}
