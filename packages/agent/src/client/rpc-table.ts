/**
 * The device's answer to every RPC method: each capability port of the platform brings the handlers of
 * its methods; a method no port of this device answers is refused as unsupported.
 */
import { RPC_METHODS, type RpcMethod } from '@edge/protocol';
import { PlatformRefusal } from '../platform/platform.ts';
import type { Platform } from '../ports/index.ts';
import { backupRpc } from '../ports/backup.ts';
import { containersRpc } from '../ports/containers.ts';
import { diagnosticsRpc } from '../ports/diagnostics.ts';
import type { PortHost } from '../ports/host.ts';
import { networkRpc } from '../ports/network.ts';
import { overlayRpc } from '../ports/overlay.ts';
import { systemRpc } from '../ports/system.ts';
import { terminalRpc } from '../ports/terminal.ts';
import { upgradeRpc } from '../ports/upgrade.ts';
import type { RpcHandler, RpcHandlers } from './rpc-dispatcher.ts';

type PortRpc = (platform: Platform, host: PortHost) => Partial<RpcHandlers>;

/** One entry per port that answers calls; a port the platform lacks answers nothing. */
const PORTS: readonly PortRpc[] = [
  (platform, host) => systemRpc(platform.system, host),
  (platform, host) => (platform.network ? networkRpc(platform.network, platform.system, host) : {}),
  (platform) => (platform.diagnostics ? diagnosticsRpc(platform.diagnostics) : {}),
  (platform, host) =>
    platform.terminal
      ? terminalRpc(
          platform.terminal,
          host.tunnels,
          () => host.config?.docs().general ?? null,
          platform.containers,
        )
      : {},
  (platform) => (platform.containers ? containersRpc(platform.containers) : {}),
  (platform) => (platform.overlay ? overlayRpc(platform.overlay) : {}),
  (platform) => (platform.backup ? backupRpc(platform.backup) : {}),
  (platform, host) => (platform.upgrade ? upgradeRpc(platform.upgrade, host) : {}),
];

const refuse = (method: RpcMethod) => async (): Promise<never> => {
  throw new PlatformRefusal('unsupported', `This device cannot run ${method}.`);
};

export function rpcTable(platform: Platform, host: PortHost): RpcHandlers {
  const answered: Partial<Record<RpcMethod, RpcHandler<RpcMethod>>> = Object.assign(
    {},
    ...PORTS.map((port) => port(platform, host)),
  );
  return Object.fromEntries(
    RPC_METHODS.map((method) => [method, answered[method] ?? refuse(method)]),
  ) as RpcHandlers;
}
