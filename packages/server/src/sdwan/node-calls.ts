/**
 * Talking to a node, whichever it is: a device over its RPC (online, its secure mode letting the overlay
 * in), or the console host's own relay (console-relay.ts), which is up whenever the console running it
 * is, and has no secure mode. The service and the sync task reach nodes only through this.
 */
import { CONSOLE_NODE_ID, overlayAllowed, type RpcResult } from '@edge/protocol';
import type { DeviceDirectory } from '../devices/services.ts';
import type { RpcService } from '../devices/rpc.ts';
import type { ConsoleRelay, OverlayCall } from './console-relay.ts';

export interface NodeCalls {
  online(id: string): boolean;
  /** Secure mode (SPEC 4) lets the node's overlay run. */
  allowed(id: string): boolean;
  name(id: string): string;
  call<M extends OverlayCall>(
    id: string,
    method: M,
    params: unknown,
    deadlineMs?: number,
  ): Promise<RpcResult<M>>;
}

export function nodeCalls(deps: {
  devices: DeviceDirectory;
  rpc: RpcService;
  relay?: ConsoleRelay;
}): NodeCalls {
  const { devices, rpc, relay } = deps;
  const own = (id: string) => id === CONSOLE_NODE_ID && relay !== undefined;
  return {
    online: (id) => own(id) || (devices.get(id)?.online ?? false),
    allowed(id) {
      // Every replica plans with the console host's relay alike, whichever of them runs it.
      if (id === CONSOLE_NODE_ID) return true;
      const device = devices.get(id);
      return device !== undefined && overlayAllowed(device.secureMode);
    },
    name: (id) => devices.get(id)?.name ?? id,
    call: (id, method, params, deadlineMs) =>
      own(id)
        ? relay!.call(method, params, deadlineMs)
        : rpc.call(id, method, params as never, deadlineMs ? { deadlineMs } : {}),
  };
}
