/**
 * The device's side of two console calls that the platform carries out: switching the secure link's mode
 * (SPEC 4, the service restarts) and scanning for Wi-Fi networks for WAN client mode. Kept apart from
 * device-client.ts so that file only wires handlers together.
 */
import { messages } from '@edge/protocol';
import { NO_WIFI_RADIO, PlatformRefusal, type Platform } from '../platform/platform.ts';
import type { RpcHandler } from './rpc-dispatcher.ts';

export function secureModeAndWifiHandlers(
  platform: Platform,
  /** Says hello again, so the console's record of the mode follows at once (and after every reconnect). */
  sayHello: () => Promise<void>,
): { 'secureMode.set': RpcHandler<'secureMode.set'>; 'wifi.scan': RpcHandler<'wifi.scan'> } {
  return {
    'secureMode.set': async ({ secureMode }) => {
      const before = (await platform.facts()).secureMode;
      if (!platform.setSecureMode || before === 'Unsupported')
        throw new PlatformRefusal('unsupported', messages.secureModeUnsupported);
      // Asking for the mode already in force restarts nothing: the console may repeat itself on reconnect.
      if (before !== secureMode) {
        await platform.setSecureMode(secureMode);
        await sayHello();
      }
      return { secureMode: (await platform.facts()).secureMode };
    },
    'wifi.scan': async (_args, _progress, signal) => {
      if (!platform.scanWifi) throw new PlatformRefusal('unsupported', NO_WIFI_RADIO);
      return platform.scanWifi(signal);
    },
  };
}
