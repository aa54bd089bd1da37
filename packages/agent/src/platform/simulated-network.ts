/**
 * A simulated router's network configuration port: sections held in the engine's memory (their reach
 * judged by config/reachability.ts), clients it can unlink, a secure link that restarts in a moment and a
 * radio that hears a neighbourhood of access points.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { generalDefaults, type RpcResult, type SettableSecureMode } from '@edge/protocol';
import type { ConfigBackend } from '../config/backend.ts';
import { SimulatedConfigBackend } from '../config/simulated-backend.ts';
import type { NetworkPort } from '../ports/network.ts';
import { NO_WIFI_RADIO, PlatformRefusal } from './platform.ts';
import type { SimulatedSystem } from './simulated-system.ts';
import { simulatedWifiScan } from './simulated-wifi.ts';

export class SimulatedNetwork implements NetworkPort {
  constructor(private readonly device: SimulatedSystem) {}

  configBackend(): ConfigBackend {
    const { device } = this;
    return new SimulatedConfigBackend(
      device.spec.cellular ? 'cellular' : 'ethernet',
      device.options.configReloadMs,
      {
        general: { ...generalDefaults, deviceName: device.facts0.hostname },
        portType: {
          ports: device.portLayout().map(({ name, portType }) => ({ port: name, type: portType })),
        },
      },
      (docs) => {
        device.appliedPortTypes = new Map(docs.portType.ports.map((p) => [p.port, p.type]));
        device.hostname = docs.general.deviceName;
      },
      () => device.configRefusal,
    );
  }

  async unlinkClient(mac: string): Promise<boolean> {
    const { device } = this;
    const before = device.clients.length;
    device.clients = device.clients.filter((c) => c.mac.toLowerCase() !== mac.toLowerCase());
    return device.clients.length < before;
  }

  /** The secure link service restarts in the new mode: a moment without it, then it runs again. */
  async setSecureMode(mode: SettableSecureMode): Promise<void> {
    if (!this.device.spec.secureModes.includes(mode))
      throw new PlatformRefusal('unsupported', `This device does not support secure mode ${mode}.`);
    await sleep(this.device.rng.int(200, 600));
    this.device.secureMode = mode;
  }

  async scanWifi(): Promise<RpcResult<'wifi.scan'>> {
    const { spec, rng, options } = this.device;
    if (!spec.wifi) throw new PlatformRefusal('unsupported', NO_WIFI_RADIO);
    // A scan takes the radio a moment to hop across its channels.
    await sleep(rng.int(300, 900));
    return { iface: 'wlan0', networks: simulatedWifiScan(options.serial, options.seed ?? 1, Date.now()) };
  }
}
