/**
 * Many simulated devices in one process: each is a DeviceClient over a SimulatedPlatform, all sharing one
 * scheduler (one timer for the whole fleet). Connections can be spread over several local addresses so a
 * large fleet does not run out of ephemeral ports on one.
 */
import { fleetSerial, type ReportIntervalSetting } from '@edge/protocol';
import { brokerUrlFor } from './client/broker-url.ts';
import { DeviceClient, type ClientState } from './client/device-client.ts';
import { fleetIdentityFile, memoryIdentityStore, type IdentityStore } from './client/identity.ts';
import { HeapScheduler } from './client/scheduler.ts';
import { lineLog, withPrefix, type AgentLog } from './log.ts';
import { SimulatedPlatform } from './platform/simulated.ts';
import { simulatedUnderlay } from './platform/simulated-overlay.ts';
import type { ModelSpec } from './platform/catalogue.ts';

export interface FleetOptions {
  /** The console's URL (http://host:8080) or a broker URL (mqtt://broker:1883). */
  console: string;
  count: number;
  /** Serials are `${prefix}-000001` and up. */
  prefix?: string;
  /** Number of the first device (1-based). */
  first?: number;
  seed?: number;
  /** Models given in turn to the devices (the first device the first model ...); unset: drawn per serial. */
  models?: readonly ModelSpec[];
  /** Time a simulated reboot keeps the device off. */
  bootMs?: number;
  /** SPEC 4: 5 s between answering a reboot/shutdown and doing it. */
  rebootDelayMs?: number;
  reportInterval?: ReportIntervalSetting;
  localAddresses?: string[];
  /** Keeps the devices' identities across runs; in memory when unset (every run enrols again). */
  stateFile?: string;
  /** Spreads the first connections over this long, so the console is not hit by all at once. */
  rampMs?: number;
  /** Random network drop-outs per device per day (default DEFAULT_DROPOUTS_PER_DAY; 0 for none). */
  dropoutsPerDay?: number;
  /** How often a waiting device repeats its enrolment request. */
  enrolRetryMs?: number;
  /** The organisation's enrolment secret, given to every device. */
  enrolSecret?: string;
  /**
   * One claim code for every device of the fleet (a simulator's shortcut: a real device has its own on its
   * label), listed with the fleet's serials on the provisioning list so they are adopted on their own.
   */
  claimCode?: string;
  log?: AgentLog;
}

export type Census = Record<ClientState, number>;

/** A real fleet has the odd device dropping off the network; so does the simulated one, unless told not to. */
export const DEFAULT_DROPOUTS_PER_DAY = 2;

export class Fleet {
  readonly devices: DeviceClient[] = [];
  private readonly platforms = new Map<string, SimulatedPlatform>();
  private readonly scheduler: HeapScheduler;
  private readonly identities: ReturnType<typeof fleetIdentityFile> | null;

  constructor(private readonly options: FleetOptions) {
    const log = options.log ?? lineLog('warn');
    this.scheduler = new HeapScheduler((err) => log.error('fleet task failed', { error: String(err) }));
    this.identities = options.stateFile ? fleetIdentityFile(options.stateFile) : null;
    const brokerUrl = brokerUrlFor(options.console);
    const prefix = options.prefix ?? 'SIM';
    const first = options.first ?? 1;
    const reportInterval = options.reportInterval ?? 30;
    const addresses = options.localAddresses ?? [];
    for (let n = 0; n < options.count; n++) {
      const serial = fleetSerial(prefix, first + n);
      const identity: IdentityStore = this.identities?.forSerial(serial) ?? memoryIdentityStore();
      const platform = new SimulatedPlatform({
        serial,
        seed: options.seed,
        model: options.models?.length ? options.models[n % options.models.length] : undefined,
        bootMs: options.bootMs,
        dropoutsPerDay: options.dropoutsPerDay ?? DEFAULT_DROPOUTS_PER_DAY,
        reportIntervalS: reportInterval === 'latency' ? 30 : reportInterval,
      });
      this.platforms.set(serial, platform);
      this.devices.push(
        new DeviceClient({
          brokerUrl,
          platform,
          identity,
          scheduler: this.scheduler,
          reportInterval,
          rebootDelayMs: options.rebootDelayMs,
          localAddress: addresses.length > 0 ? addresses[n % addresses.length] : undefined,
          enrolRetryMs: options.enrolRetryMs,
          enrolSecret: options.enrolSecret,
          claimCode: options.claimCode,
          log: withPrefix(log, `${serial} `),
        }),
      );
    }
  }

  /** Starts every device, spread over rampMs. */
  start(): void {
    const ramp = this.options.rampMs ?? Math.min(30_000, this.devices.length * 5);
    this.devices.forEach((device, n) => {
      const at = this.devices.length > 1 ? Math.round((ramp * n) / (this.devices.length - 1)) : 0;
      if (at === 0) device.start();
      else this.scheduler.after(at, () => device.start());
    });
  }

  /** Every device says goodbye and disconnects. */
  async stop(): Promise<void> {
    await Promise.all(this.devices.map((d) => d.stop()));
    this.scheduler.stop();
    this.identities?.flush();
  }

  census(): Census {
    const counts: Census = {
      idle: 0,
      enrolling: 0,
      waitingAdoption: 0,
      connecting: 0,
      online: 0,
      offline: 0,
      poweredOff: 0,
      stopped: 0,
    };
    for (const d of this.devices) counts[d.state]++;
    return counts;
  }

  /** Messages the whole fleet has published since start. */
  sentMessages(): number {
    let sent = 0;
    for (const d of this.devices) sent += d.sent;
    return sent;
  }

  device(serial: string): DeviceClient | undefined {
    return this.devices.find((d) => d.serial === serial);
  }

  /**
   * Makes a device refuse every configuration change with `reason` (a firmware that rejects it), or accept
   * them again with null. False when there is no such device.
   */
  refuseConfig(serial: string, reason: string | null): boolean {
    const platform = this.platforms.get(serial);
    if (!platform) return false;
    platform.system.configRefusal = reason;
    return true;
  }

  /** Makes a device's upgrades fail to reach the console (rolled back), or take again. */
  failUpgrades(serial: string, failing: boolean): boolean {
    const platform = this.platforms.get(serial);
    if (!platform) return false;
    platform.upgrade.failing = failing;
    return true;
  }

  cutOverlay(serial: string, ms: number): boolean {
    return simulatedUnderlay.cut(serial, ms);
  }
}
