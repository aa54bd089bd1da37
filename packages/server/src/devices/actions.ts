/**
 * SPEC 4 inventory actions that involve the device itself: reboot, shut down, set idle. Each is one RPC
 * plus what the console records; routes call these after the user confirmed.
 */
import { ApiFailure, deviceCapabilities, deviceRpcMessages } from '@edge/protocol';
import type { DeviceRegistry } from './registry.ts';
import type { CallOptions, RpcService } from './rpc.ts';
import { DeviceRpcError } from './rpc.ts';
import type { DeviceView } from './types.ts';

export function deviceActions(registry: DeviceRegistry, rpc: RpcService) {
  const syncing = new Set<string>();
  return {
    /** The device restarts REBOOT_DELAY_MS after answering; resolves with that delay. */
    reboot: (deviceId: string, options?: CallOptions) => rpc.call(deviceId, 'reboot', {}, options),

    /** Refused up front for devices that cannot turn themselves off (SPEC 4 message). */
    shutdown(deviceId: string, options?: CallOptions) {
      const device = registry.live(deviceId);
      if (device && device.online && !device.capabilities.includes(deviceCapabilities.shutdown)) {
        return Promise.reject(new DeviceRpcError('remote', deviceRpcMessages.cannotShutdown, 'unsupported'));
      }
      return rpc.call(deviceId, 'shutdown', {}, options);
    },

    /**
     * Idle is the console's mark on the device (status label Idle). The device is told now when online;
     * one that was offline is told when its heartbeat disagrees (reconcileIdle).
     */
    async setIdle(deviceId: string, idle: boolean): Promise<DeviceView> {
      const view = await registry.update(deviceId, { idle });
      if (!view) throw new ApiFailure(404, 'notFound', 'Device not found.');
      if (view.online) await rpc.call(deviceId, 'setIdle', { idle }).catch(() => undefined);
      return view;
    },

    /** Called on each heartbeat: brings the device's idle flag in line with the console's. */
    reconcileIdle(deviceId: string, reportedIdle: boolean): void {
      const device = registry.live(deviceId);
      if (!device || device.record.idle === reportedIdle || syncing.has(deviceId)) return;
      syncing.add(deviceId);
      void rpc
        .call(deviceId, 'setIdle', { idle: device.record.idle })
        .catch(() => undefined)
        .finally(() => syncing.delete(deviceId));
    },
  };
}

export type DeviceActions = ReturnType<typeof deviceActions>;
