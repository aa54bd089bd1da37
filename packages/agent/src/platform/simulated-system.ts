/**
 * A simulated router's world and its system port: a model from the catalogue standing in a real city, with
 * Ethernet ports (and PoE), Wi-Fi and wired clients, cell signal for 4G/5G models, container apps, CPU and
 * traffic that drift, the odd alarm and the odd drop-out. Everything follows from the serial and a seed, so
 * a fleet is the same fleet every run. State is a few numbers and small arrays per device: a fleet of
 * thousands stays light. The other ports (simulated-network.ts, simulated-diagnostics.ts) act on this world.
 */
import {
  deviceCapabilities,
  loadLevel,
  signalQuality,
  type CellSignal,
  type EventMessage,
  type ConnectedClient,
  type EthernetPort,
  type InterfaceKind,
  type InterfaceTraffic,
  type NetworkInterface,
  type SecureMode,
  type PortTypeWord,
  type LogReportMode,
} from '@edge/protocol';
import { AlarmBook } from './alarms.ts';
import { SIMULATED_ALARMS, type Reading } from './simulated-alarms.ts';
import {
  CITIES,
  CLIENT_NAMES,
  SIMULATED_SSID,
  CONTAINER_APPS,
  LOG_LINES,
  MODELS,
  bootLines,
  type City,
  type ModelSpec,
} from './catalogue.ts';
import type { DeviceFacts, HeartbeatSample, PowerSession, TelemetrySample } from './platform.ts';
import type { SystemPort } from '../ports/system.ts';
import { hashSeed, luhnDigit, Rng } from './random.ts';

/** Log lines `logread` keeps. */
const LOG_RING = 50;

export interface SimulatedOptions {
  serial: string;
  /** Fleet-wide seed; the same serial and seed always make the same device. */
  seed?: number;
  /** This model of the catalogue instead of one drawn from the serial (a lab or a test that needs a mix). */
  model?: ModelSpec;
  /** Time from power-off to connecting again after a reboot. */
  bootMs?: number;
  /** Expected drop-offs of the network per device per day; 0 for none. */
  dropoutsPerDay?: number;
  /** Seconds between reports, to turn the daily rate into a per-report chance. */
  reportIntervalS?: number;
  /** Chance per report of a log line (dnsmasq, hostapd, firewall ...). */
  logLineChance?: number;
  /** How long applying a configuration section takes. */
  configReloadMs?: number;
}

interface SimInterface {
  name: string;
  kind: InterfaceKind;
  /** Mean throughput, Mbps; the current one drifts around it. */
  meanRx: number;
  meanTx: number;
  rx: number;
  tx: number;
  rxBytes: number;
  txBytes: number;
}

const MB = 1024 * 1024;
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/** The cell signal now, drifting. */
export interface SimSignal {
  rsrp: number;
  rsrq: number;
  snr: number;
}

export class SimulatedSystem implements SystemPort {
  readonly rng: Rng;
  readonly spec: ModelSpec;
  private readonly city: City;
  readonly facts0: DeviceFacts;
  /** Port types the console has applied (Port type section), which the reported ports then show. */
  appliedPortTypes = new Map<string, PortTypeWord>();
  /** Set: every configuration apply fails with this (fleet control `refuse`), as a firmware that rejects it. */
  configRefusal: string | null = null;
  /** The host name, as a real agent sets it from the General section's device name. */
  hostname = '';
  readonly lanPrefix: string;
  private readonly baseCpu: number;
  private readonly hasDcPower: boolean;
  private readonly alarms = new AlarmBook<Reading>(SIMULATED_ALARMS);

  private bootedAt: number;
  private lastAt: number;
  private cpu: number;
  private memoryUsed: number;
  private diskUsed: number;
  private temp: number;
  private fan: number;
  signal: SimSignal | null;
  wanUp = true;
  private spikeLeft = 0;
  private interfaces: SimInterface[];
  clients: ConnectedClient[] = [];
  private poeWatts: number[];
  /** What the telemetry reports of the apps; the containers port (simulated-containers.ts) keeps it current. */
  containerStates: TelemetrySample['containers'];
  /** What takeEvents gave out lately: the reporter sends them, `logread` shows them again. */
  private readonly logRing: EventMessage[] = [];
  /** The secure link's mode now (facts0 holds the one the device booted with). */
  secureMode: SecureMode;

  constructor(readonly options: SimulatedOptions) {
    const rng = (this.rng = new Rng(hashSeed(options.serial, options.seed ?? 1)));
    // Drawn even when chosen, so the rest of the device (city, load, ...) stays what the serial makes it.
    const drawn = rng.pick(MODELS);
    const spec = (this.spec = options.model ?? drawn);
    const city = (this.city = rng.pick(CITIES));
    const now = Date.now();
    this.bootedAt = now - rng.int(600, 40 * 86400) * 1000;
    this.lastAt = now;
    this.lanPrefix = `192.168.${rng.int(0, 254)}`;
    this.baseCpu = rng.range(5, 45);
    this.cpu = this.baseCpu;
    this.memoryUsed = rng.range(0.3, 0.7) * spec.memoryMb * MB;
    this.diskUsed = rng.range(0.2, 0.6) * spec.diskMb * MB;
    this.temp = 40 + this.cpu * 0.3;
    this.fan = spec.fan ? 2400 : 0;
    this.signal = spec.cellular
      ? { rsrp: rng.range(-105, -72), rsrq: rng.range(-14, -6), snr: rng.range(3, 22) }
      : null;
    this.hasDcPower = spec.poePorts === 0 || rng.chance(0.85);
    this.poeWatts = Array.from({ length: spec.poePorts }, () => (rng.chance(0.7) ? rng.range(3, 13) : 0));
    this.containerStates = spec.containers
      ? CONTAINER_APPS.filter(() => rng.chance(0.5)).map((name, i) => ({
          name,
          state: rng.chance(0.85) ? 'running' : rng.pick(['exited', 'created', 'never started'] as const),
          id: `${rng.digits(6)}${i}`,
        }))
      : [];

    const mac = `${spec.oui}:${rng.hexByte()}:${rng.hexByte()}:${rng.hexByte()}`;
    const wanIp = spec.cellular
      ? `100.${rng.int(64, 127)}.${rng.int(0, 255)}.${rng.int(1, 254)}`
      : `10.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(2, 254)}`;
    const secureMode: SecureMode = (this.secureMode = rng.pick(spec.secureModes));
    this.interfaces = this.makeInterfaces(secureMode);
    const interfaces: NetworkInterface[] = this.interfaces.map((i) => ({
      name: i.name,
      kind: i.kind,
      mac,
      ...(i.name === 'br-lan' && { ip: `${this.lanPrefix}.1` }),
      ...(i.name === this.wanName() && { ip: wanIp }),
    }));
    const capabilities: string[] = [
      deviceCapabilities.reboot,
      deviceCapabilities.ping,
      deviceCapabilities.traceroute,
      deviceCapabilities.gps,
    ];
    if (spec.canShutdown) capabilities.push(deviceCapabilities.shutdown);
    if (spec.wifi) capabilities.push(deviceCapabilities.wifi);
    if (spec.cellular) capabilities.push(deviceCapabilities.cellular);
    if (spec.poePorts > 0) capabilities.push(deviceCapabilities.poe);
    if (spec.fan) capabilities.push(deviceCapabilities.fan);
    if (spec.containers) capabilities.push(deviceCapabilities.containers);
    const imeiBody = `35${rng.digits(12)}`;
    const iccidBody = `89${rng.digits(17)}`;
    this.facts0 = {
      serial: options.serial,
      model: spec.model,
      firmware: rng.pick(spec.firmware),
      hostname: `${spec.model.split(' ')[0]!.toLowerCase()}-${options.serial.toLowerCase()}`,
      capabilities,
      interfaces,
      ip: wanIp,
      mac,
      ifaceName: this.wanName(),
      location: {
        latitude: round(city.latitude + rng.range(-0.06, 0.06), 5),
        longitude: round(city.longitude + rng.range(-0.06, 0.06), 5),
      },
      ...(spec.cellular && {
        cellular: {
          imei: imeiBody + luhnDigit(imeiBody),
          imsi: city.mccMnc + rng.digits(15 - city.mccMnc.length),
          iccid: iccidBody + luhnDigit(iccidBody),
        },
      }),
      secureMode,
      alarms: [],
    };
    this.hostname = this.facts0.hostname;
    this.refillClients(now);
  }

  /**
   * The Ethernet ports by interface name, the one list both the dashboard's ports (telemetry) and the Port
   * type section come from: eth0 is the WAN until Port type says otherwise (a cellular gateway's wired
   * uplink beside its modem), the others LAN, as Port type's rule wants one of each.
   */
  portLayout(): { name: string; portType: PortTypeWord }[] {
    return Array.from({ length: this.spec.ports }, (_, n) => {
      const name = `eth${n}`;
      return { name, portType: this.appliedPortTypes.get(name) ?? (n === 0 ? 'WAN' : 'LAN') };
    });
  }

  wanName(): string {
    return this.spec.cellular ? 'wwan0' : 'eth0';
  }

  private makeInterfaces(secureMode: SecureMode): SimInterface[] {
    const { rng, spec } = this;
    const wan = spec.wanMbps;
    const make = (name: string, kind: InterfaceKind, meanRx: number, meanTx: number): SimInterface => ({
      name,
      kind,
      meanRx,
      meanTx,
      rx: meanRx,
      tx: meanTx,
      rxBytes: 0,
      txBytes: 0,
    });
    const list = [
      spec.cellular
        ? make('wwan0', 'cellular', rng.range(0.05, 0.3) * wan, rng.range(0.02, 0.1) * wan)
        : make('eth0', 'ethernet', rng.range(0.05, 0.3) * wan, rng.range(0.02, 0.1) * wan),
      make('br-lan', 'ethernet', rng.range(0.02, 0.2) * wan, rng.range(0.05, 0.25) * wan),
      // The management tunnel to the console: little traffic, always there.
      make('tun0', 'controlPlane', rng.range(0.01, 0.05), rng.range(0.01, 0.08)),
    ];
    if (spec.wifi) list.push(make('wlan0', 'wifi', rng.range(0.02, 0.15) * wan, rng.range(0.01, 0.08) * wan));
    if (secureMode === 'OrpheLink Only' || secureMode === 'Unlimited')
      list.push(make('wg0', 'dataPlane', rng.range(0.5, 20), rng.range(0.5, 20)));
    return list;
  }

  private refillClients(now: number): void {
    const count = this.rng.int(1, Math.min(12, this.spec.maxClients));
    this.clients = Array.from({ length: count }, () =>
      this.newClient(now - this.rng.int(1, 72 * 60) * 60_000),
    );
  }

  private newClient(accessTime: number): ConnectedClient {
    const { rng } = this;
    const wifi = this.spec.wifi && rng.chance(0.6);
    return {
      kind: wifi ? 'wifi' : 'wired',
      hostname: rng.pick(CLIENT_NAMES),
      ip: `${this.lanPrefix}.${rng.int(100, 250)}`,
      mac: `${rng.pick(['3c:22:fb', 'a4:83:e7', 'f0:18:98', 'b8:27:eb', 'dc:a6:32'])}:${rng.hexByte()}:${rng.hexByte()}:${rng.hexByte()}`,
      access_time: accessTime,
      iface: wifi ? 'wlan0' : `lan${rng.int(1, 4)}`,
      ...(wifi && { ssid: SIMULATED_SSID, signal: Math.round(rng.range(-82, -35)) }),
      rxBytes: 0,
      txBytes: 0,
    };
  }

  /** Moves the simulated world forward to now: drifting load and traffic, clients coming and going. */
  private advance(now: number): void {
    const { rng, spec } = this;
    const seconds = Math.max(0, (now - this.lastAt) / 1000);
    this.lastAt = now;
    if (this.spikeLeft > 0) this.spikeLeft--;
    else if (rng.chance(0.01)) this.spikeLeft = rng.int(2, 6);
    this.cpu = this.spikeLeft > 0 ? rng.range(88, 99) : rng.drift(this.cpu, this.baseCpu, 12, 1, 85);
    this.memoryUsed = rng.drift(
      this.memoryUsed,
      this.memoryUsed,
      0.02 * spec.memoryMb * MB,
      0.15 * spec.memoryMb * MB,
      0.92 * spec.memoryMb * MB,
    );
    this.diskUsed = Math.min(0.95 * spec.diskMb * MB, this.diskUsed + rng.range(0, 2000) * seconds);
    this.temp = rng.drift(this.temp, 38 + this.cpu * 0.45, 2, 25, 95);
    if (spec.fan) this.fan = Math.round(rng.drift(this.fan, 1500 + (this.temp - 30) * 60, 150, 800, 6000));
    if (this.signal) {
      this.signal.rsrp = rng.drift(this.signal.rsrp, this.signal.rsrp, 3, -121, -65);
      this.signal.rsrq = rng.drift(this.signal.rsrq, -10, 1, -19.5, -3);
      this.signal.snr = rng.drift(this.signal.snr, 12, 2, -5, 30);
    }
    if (this.wanUp ? rng.chance(0.002) : rng.chance(0.3)) this.wanUp = !this.wanUp;
    for (const i of this.interfaces) {
      const wanIdle = i.name === this.wanName() && !this.wanUp;
      i.rx = wanIdle ? 0 : rng.drift(i.rx, i.meanRx, i.meanRx * 0.4, 0, i.meanRx * 4);
      i.tx = wanIdle ? 0 : rng.drift(i.tx, i.meanTx, i.meanTx * 0.4, 0, i.meanTx * 4);
      i.rxBytes += Math.round((i.rx * 1e6 * seconds) / 8);
      i.txBytes += Math.round((i.tx * 1e6 * seconds) / 8);
    }
    for (const c of this.clients) {
      c.rxBytes = (c.rxBytes ?? 0) + Math.round(rng.range(0, 200_000) * seconds);
      c.txBytes = (c.txBytes ?? 0) + Math.round(rng.range(0, 50_000) * seconds);
    }
    if (rng.chance(0.05) && this.clients.length < this.spec.maxClients)
      this.clients.push(this.newClient(now));
    if (rng.chance(0.04) && this.clients.length > 1)
      this.clients.splice(rng.int(0, this.clients.length - 1), 1);
    this.poeWatts = this.poeWatts.map((w) => (w > 0 ? rng.drift(w, w, 0.6, 1.5, 25) : 0));
    this.alarms.judge(
      {
        cpu: this.cpu,
        temp: this.temp,
        rsrp: this.signal ? Math.round(this.signal.rsrp) : null,
        wanUp: this.wanUp,
      },
      now,
    );
    if (rng.chance(this.options.logLineChance ?? 0.05)) {
      const line = rng.pick(LOG_LINES);
      const client = rng.pick(this.clients);
      this.alarms.note({
        ts: now,
        level: line.level ?? 'info',
        program: line.program,
        message: line.message(client.hostname, client.ip),
      });
    }
  }

  /** Set once a simulated firmware upgrade took (simulated-upgrade.ts). */
  firmwareNow: string | null = null;

  async facts(): Promise<DeviceFacts> {
    return {
      ...this.facts0,
      firmware: this.firmwareNow ?? this.facts0.firmware,
      hostname: this.hostname,
      secureMode: this.secureMode,
      alarms: this.alarms.active(),
    };
  }

  async heartbeat(): Promise<HeartbeatSample> {
    const now = Date.now();
    this.advance(now);
    const { spec } = this;
    const cpuUsage = round(this.cpu);
    return {
      uptime: Math.max(0, Math.floor((now - this.bootedAt) / 1000)),
      cpuUsage,
      cpuCores: spec.cores,
      cpuTemp: round(this.temp),
      memory: { total: spec.memoryMb * MB, used: Math.round(this.memoryUsed) },
      disk: { total: spec.diskMb * MB, used: Math.round(this.diskUsed) },
      load: loadLevel(cpuUsage),
      ...(this.signal && { signal: this.cellSignal(this.signal) }),
      counters: {
        rxBytes: this.interfaces.reduce((s, i) => s + i.rxBytes, 0),
        txBytes: this.interfaces.reduce((s, i) => s + i.txBytes, 0),
        clients: this.clients.length,
      },
    };
  }

  cellSignal(s: SimSignal): CellSignal {
    const rsrp = Math.round(s.rsrp);
    const fiveG = this.spec.cellular === '5G';
    return {
      technology: this.spec.cellular ?? '4G',
      quality: signalQuality(rsrp),
      rsrp,
      rsrq: round(s.rsrq),
      snr: round(s.snr),
      rssi: rsrp + 20,
      band: fiveG ? 'n78' : 'B3',
      channel: fiveG ? 636666 : 1300,
      cellId: String(hashSeed(this.options.serial) % 268435455),
      operator: this.city.operator,
    };
  }

  async telemetry(): Promise<TelemetrySample> {
    const { spec } = this;
    const interfaces: InterfaceTraffic[] = this.interfaces.map((i) => ({
      name: i.name,
      kind: i.kind,
      rxBytes: i.rxBytes,
      txBytes: i.txBytes,
      rxMbps: round(i.rx, 2),
      txMbps: round(i.tx, 2),
      up: i.name === this.wanName() ? this.wanUp : true,
    }));
    const wiredClients = this.clients.filter((c) => c.kind === 'wired').length;
    const ports: EthernetPort[] = this.portLayout().map(({ name, portType }, n) => {
      const wan = portType === 'WAN';
      // LAN ports carry the wired clients, in order; the rest have nothing plugged in.
      // A cellular gateway's wired WAN has nothing plugged in: its uplink is the modem.
      const up = wan ? !spec.cellular && this.wanUp : n <= Math.max(1, wiredClients);
      const poeIndex = n - (spec.ports - spec.poePorts);
      const watt = poeIndex >= 0 && this.hasDcPower && up ? (this.poeWatts[poeIndex] ?? 0) : 0;
      return {
        name,
        up,
        speed: up ? (n % 3 === 2 ? 100 : 1000) : 0,
        portType,
        ...(poeIndex >= 0 && {
          poe: { current: round((watt / 53.5) * 1000, 0), voltage: watt > 0 ? 53.5 : 0, watt: round(watt) },
        }),
      };
    });
    return {
      interfaces,
      ports,
      poePowered: this.hasDcPower,
      fanSpeed: spec.fan ? this.fan : null,
      clients: this.clients,
      containers: this.containerStates,
    };
  }

  takeEvents() {
    const events = this.alarms.take();
    this.logRing.push(...events);
    if (this.logRing.length > LOG_RING) this.logRing.splice(0, this.logRing.length - LOG_RING);
    return events;
  }

  /** The device's recent log lines (the terminal's `logread`), oldest first; the boot is the first. */
  recentLog(): EventMessage[] {
    const boot = { ts: this.bootedAt, level: 'info' as const, program: 'kernel', message: 'Booting Linux' };
    return [boot, ...this.logRing];
  }

  setReportMode(mode: LogReportMode): void {
    this.alarms.setReportMode(mode);
  }

  note(event: EventMessage): void {
    this.alarms.note(event);
  }

  async reboot(power: PowerSession): Promise<void> {
    await power.goOffline();
    power.after(this.options.bootMs ?? 5000, () => {
      const now = Date.now();
      this.bootedAt = now;
      this.lastAt = now;
      this.wanUp = true;
      this.cpu = this.baseCpu;
      for (const i of this.interfaces) i.rxBytes = i.txBytes = 0;
      this.refillClients(now);
      // A boot writes its burst of lines (kernel, procd, netifd ...) within the first seconds.
      bootLines(this.spec.model, this.facts0.firmware).forEach((line, i) =>
        this.alarms.note({ ts: now + i * 20, ...line }),
      );
      power.comeBack();
    });
  }

  async shutdown(power: PowerSession): Promise<void> {
    await power.goOffline();
  }

  dropout(): number | null {
    const perDay = this.options.dropoutsPerDay ?? 0;
    if (perDay <= 0) return null;
    const chance = ((this.options.reportIntervalS ?? 30) * perDay) / 86400;
    return this.rng.chance(chance) ? this.rng.int(10_000, 120_000) : null;
  }
}
