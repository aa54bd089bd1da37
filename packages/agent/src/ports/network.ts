/**
 * The network configuration port: the configuration sections (config/), the client list's unlink, the
 * secure link's mode and Wi-Fi scans for WAN client mode. A device without one of them refuses its call.
 */
import { messages, type RpcResult, type SettableSecureMode } from '@edge/protocol';
import type { ConfigBackend } from '../config/backend.ts';
import { configRpcHandlers } from '../config/rpc.ts';
import { NO_WIFI_RADIO, PlatformRefusal } from '../platform/platform.ts';
import type { PortHandlers, PortHost } from './host.ts';
import type { SystemPort } from './system.ts';

export interface NetworkPort {
  /** Applies configuration sections (config/); without one the console's config calls are refused. */
  configBackend?(): ConfigBackend | undefined;
  /** Disconnects a client once (client list: unlink); false when no such client is connected. */
  unlinkClient?(mac: string): Promise<boolean>;
  /** Switches the secure link to this mode and restarts its service; resolves once it runs again. */
  setSecureMode?(mode: SettableSecureMode): Promise<void>;
  /** Networks the Wi-Fi radio hears now; refuses (PlatformRefusal) without a radio. */
  scanWifi?(signal: AbortSignal): Promise<RpcResult<'wifi.scan'>>;
}

type NetworkMethod =
  | 'clients.unlink'
  | 'secureMode.set'
  | 'wifi.scan'
  | 'config.apply'
  | 'config.confirm'
  | 'config.get'
  | 'debug.setLocal';

export function networkRpc(
  network: NetworkPort,
  /** The secure mode in force is one of the device's facts. */
  system: Pick<SystemPort, 'facts'>,
  host: Pick<PortHost, 'sayHello' | 'config'>,
): PortHandlers<NetworkMethod> {
  return {
    'clients.unlink': async ({ mac }) => {
      if (!network.unlinkClient)
        throw new PlatformRefusal('unsupported', 'This device cannot disconnect clients.');
      return { mac, unlinked: await network.unlinkClient(mac) };
    },
    'secureMode.set': async ({ secureMode }) => {
      const before = (await system.facts()).secureMode;
      if (!network.setSecureMode || before === 'Unsupported')
        throw new PlatformRefusal('unsupported', messages.secureModeUnsupported);
      // Asking for the mode already in force restarts nothing: the console may repeat itself on reconnect.
      if (before !== secureMode) {
        await network.setSecureMode(secureMode);
        await host.sayHello();
      }
      return { secureMode: (await system.facts()).secureMode };
    },
    'wifi.scan': async (_args, _progress, signal) => {
      if (!network.scanWifi) throw new PlatformRefusal('unsupported', NO_WIFI_RADIO);
      return network.scanWifi(signal);
    },
    ...configRpcHandlers(host.config),
  };
}
