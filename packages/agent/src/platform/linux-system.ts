/**
 * The real system port: reports the Linux machine the agent runs on, from /proc and /sys. Reboot and
 * shutdown run configurable commands, and by default only say what they would run (dry run): an agent
 * started on a developer's laptop must not power it off because a console asked.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import {
  deviceCapabilities,
  loadLevel,
  type ConnectedClient,
  type EthernetPort,
  type InterfaceTraffic,
  type NetworkInterface,
  type EventMessage,
  type LogReportMode,
} from '@edge/protocol';
import type { AgentLog } from '../log.ts';
import { AlarmBook } from './alarms.ts';
import { followSyslog, type SyslogSource } from './syslog.ts';
import { DOCKER_SOCKET, hasDocker, listContainers } from './docker.ts';
import {
  cpuUsage,
  interfaceKind,
  isVirtualPlumbing,
  parseArp,
  parseCpuTimes,
  parseDefaultRoute,
  parseDhcpLeases,
  parseMeminfo,
  parseNetDev,
  parseUptime,
  type CpuTimes,
  type InterfaceCounters,
} from './linux-proc.ts';
import type { DeviceFacts, HeartbeatSample, PowerSession, TelemetrySample } from './platform.ts';
import type { SystemPort } from '../ports/system.ts';
import type { LinuxSecureLink } from './linux-secure-link.ts';

export interface LinuxSystemOptions {
  serial: string;
  model: string;
  log: AgentLog;
  rebootCommand?: string;
  shutdownCommand?: string;
  /** Only log what reboot/shutdown would run. Default true. */
  dryRun?: boolean;
  /** Roots of the kernel's files, so tests can point at fixtures. */
  procRoot?: string;
  sysRoot?: string;
  /** Where dnsmasq keeps its leases (OpenWrt). */
  leasesFile?: string;
  /** The device's syslog to forward (syslog.ts detectSyslog); unset: none (tests, fixtures). */
  syslog?: SyslogSource | null;
  /** The container engine's socket (Docker, or Podman's compatible one); default /var/run/docker.sock. */
  dockerSocket?: string;
}

interface Reading {
  cpuUsage: number;
  cpuTemp: number | null;
  memoryPercent: number;
  diskPercent: number;
}

const ALARM_RULES = [
  {
    code: 'disk-full',
    program: 'storage',
    level: 'warning',
    active: (r: Reading) => r.diskPercent >= 90,
    raised: (r: Reading) => `Disk ${r.diskPercent.toFixed(0)}% full.`,
    cleared: 'Disk space back to normal.',
  },
  {
    code: 'memory-low',
    program: 'kernel',
    level: 'warning',
    active: (r: Reading) => r.memoryPercent >= 95,
    raised: (r: Reading) => `Memory ${r.memoryPercent.toFixed(0)}% used.`,
    cleared: 'Memory back to normal.',
  },
  {
    code: 'overheat',
    program: 'thermal',
    level: 'error',
    active: (r: Reading) => (r.cpuTemp ?? 0) >= 85,
    raised: (r: Reading) => `CPU at ${r.cpuTemp} °C.`,
    cleared: 'CPU temperature back to normal.',
  },
] as const;

const readText = (file: string): string | null => {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
};

export class LinuxSystem implements SystemPort {
  private readonly proc: string;
  private readonly sys: string;
  private lastCpu: CpuTimes | null = null;
  private lastTraffic: { at: number; counters: Map<string, InterfaceCounters> } | null = null;
  private readonly alarms = new AlarmBook<Reading>(ALARM_RULES);
  private containers: { at: number; list: TelemetrySample['containers'] } = { at: 0, list: [] };

  constructor(
    private readonly options: LinuxSystemOptions,
    /** The secure mode in force is one of the facts; the network port switches it. */
    private readonly secureLink: LinuxSecureLink,
  ) {
    this.proc = options.procRoot ?? '/proc';
    this.sys = options.sysRoot ?? '/sys';
    if (options.syslog) followSyslog(options.syslog, (event) => this.alarms.note(event));
  }

  private read(root: string, ...parts: string[]): string | null {
    return readText(path.join(root, ...parts));
  }

  uptime(): number {
    return parseUptime(this.read(this.proc, 'uptime') ?? '0');
  }

  memory(): { total: number; used: number } {
    return parseMeminfo(this.read(this.proc, 'meminfo') ?? '');
  }

  private interfaceNames(): string[] {
    return parseNetDev(this.read(this.proc, 'net/dev') ?? '')
      .map((c) => c.name)
      .filter((n) => !isVirtualPlumbing(n));
  }

  private primaryInterface(): string {
    return parseDefaultRoute(this.read(this.proc, 'net/route') ?? '') ?? this.interfaceNames()[0] ?? 'eth0';
  }

  private addressOf(name: string): { ip: string; mac: string } {
    const entries = os.networkInterfaces()[name] ?? [];
    const v4 = entries.find((e) => e.family === 'IPv4');
    return { ip: v4?.address ?? '', mac: (v4 ?? entries[0])?.mac ?? '00:00:00:00:00:00' };
  }

  private firmware(): string {
    const openwrt = readText('/etc/openwrt_release');
    const release = openwrt && /DISTRIB_DESCRIPTION='([^']+)'/.exec(openwrt)?.[1];
    return (release || `${os.type()} ${os.release()}`).slice(0, 64);
  }

  /** Hottest thermal zone, °C; null without sensors (most VMs). */
  private temperature(): number | null {
    const base = path.join(this.sys, 'class/thermal');
    let hottest: number | null = null;
    for (const zone of safeList(base).filter((z) => z.startsWith('thermal_zone'))) {
      const milli = Number(this.read(base, zone, 'temp'));
      if (Number.isFinite(milli) && milli > 0) hottest = Math.max(hottest ?? -Infinity, milli / 1000);
    }
    return hottest === null ? null : Math.round(hottest * 10) / 10;
  }

  private fanSpeed(): number | null {
    const base = path.join(this.sys, 'class/hwmon');
    for (const mon of safeList(base)) {
      const raw = this.read(base, mon, 'fan1_input');
      const rpm = Number(raw);
      if (raw !== null && Number.isFinite(rpm) && rpm >= 0) return rpm;
    }
    return null;
  }

  private disk(): { total: number; used: number } {
    try {
      const s = fs.statfsSync('/');
      return { total: s.blocks * s.bsize, used: (s.blocks - s.bfree) * s.bsize };
    } catch {
      return { total: 0, used: 0 };
    }
  }

  async facts(): Promise<DeviceFacts> {
    const primary = this.primaryInterface();
    const { ip, mac } = this.addressOf(primary);
    const interfaces: NetworkInterface[] = this.interfaceNames().map((name) => {
      const address = this.addressOf(name);
      return { name, kind: interfaceKind(name), mac: address.mac, ...(address.ip && { ip: address.ip }) };
    });
    const capabilities: string[] = [
      deviceCapabilities.reboot,
      deviceCapabilities.shutdown,
      deviceCapabilities.ping,
      deviceCapabilities.traceroute,
    ];
    if (interfaces.some((i) => i.kind === 'wifi')) capabilities.push(deviceCapabilities.wifi);
    if (interfaces.some((i) => i.kind === 'cellular')) capabilities.push(deviceCapabilities.cellular);
    if (hasDocker(this.dockerSocket)) capabilities.push(deviceCapabilities.containers);
    if (this.fanSpeed() !== null) capabilities.push(deviceCapabilities.fan);
    return {
      serial: this.options.serial,
      model: this.options.model,
      firmware: this.firmware(),
      hostname: os.hostname(),
      capabilities,
      interfaces,
      ip,
      mac,
      ifaceName: primary,
      secureMode: this.secureLink.current(),
      alarms: this.alarms.active(),
    };
  }

  async heartbeat(): Promise<HeartbeatSample> {
    const now = parseCpuTimes(this.read(this.proc, 'stat') ?? '');
    // The first sample measures since boot; later ones since the previous heartbeat.
    const usage = cpuUsage(this.lastCpu ?? { idle: 0, total: 0 }, now);
    this.lastCpu = now;
    const memory = this.memory();
    const disk = this.disk();
    const cpuTemp = this.temperature();
    const counters = parseNetDev(this.read(this.proc, 'net/dev') ?? '').filter(
      (c) => !isVirtualPlumbing(c.name),
    );
    this.alarms.judge({
      cpuUsage: usage,
      cpuTemp,
      memoryPercent: memory.total ? (memory.used / memory.total) * 100 : 0,
      diskPercent: disk.total ? (disk.used / disk.total) * 100 : 0,
    });
    return {
      uptime: this.uptime(),
      cpuUsage: usage,
      cpuCores: Math.max(1, os.cpus().length),
      cpuTemp,
      memory,
      disk,
      load: loadLevel(usage),
      counters: {
        rxBytes: counters.reduce((s, c) => s + c.rxBytes, 0),
        txBytes: counters.reduce((s, c) => s + c.txBytes, 0),
        clients: this.clients().length,
      },
    };
  }

  private traffic(): InterfaceTraffic[] {
    const at = Date.now();
    const counters = new Map(
      parseNetDev(this.read(this.proc, 'net/dev') ?? '')
        .filter((c) => !isVirtualPlumbing(c.name))
        .map((c) => [c.name, c]),
    );
    const previous = this.lastTraffic;
    this.lastTraffic = { at, counters };
    const seconds = previous ? (at - previous.at) / 1000 : 0;
    const rate = (now: number, before: number | undefined) =>
      seconds > 0 && before !== undefined && now >= before
        ? Math.round(((now - before) * 8) / seconds / 1e4) / 100
        : 0;
    return [...counters.values()].map((c) => ({
      name: c.name,
      kind: interfaceKind(c.name),
      rxBytes: c.rxBytes,
      txBytes: c.txBytes,
      rxMbps: rate(c.rxBytes, previous?.counters.get(c.name)?.rxBytes),
      txMbps: rate(c.txBytes, previous?.counters.get(c.name)?.txBytes),
      up: this.read(this.sys, 'class/net', c.name, 'operstate')?.trim() !== 'down',
    }));
  }

  private ports(traffic: InterfaceTraffic[]): EthernetPort[] {
    const primary = this.primaryInterface();
    return traffic
      .filter((t) => t.kind === 'ethernet')
      .map((t) => {
        const speed = Number(this.read(this.sys, 'class/net', t.name, 'speed'));
        return {
          name: t.name,
          up: t.up,
          speed: t.up && Number.isFinite(speed) && speed > 0 ? speed : 0,
          portType: t.name === primary ? 'WAN' : 'LAN',
        };
      });
  }

  private clients(): ConnectedClient[] {
    const leases = parseDhcpLeases(readText(this.options.leasesFile ?? '/tmp/dhcp.leases') ?? '');
    return parseArp(this.read(this.proc, 'net/arp') ?? '').map((entry) => ({
      kind: interfaceKind(entry.device) === 'wifi' ? 'wifi' : 'wired',
      hostname: leases.get(entry.mac) ?? '',
      ip: entry.ip,
      mac: entry.mac,
      // The kernel does not say when a neighbour appeared; "seen now" is the honest answer.
      access_time: Date.now(),
      iface: entry.device,
    }));
  }

  private get dockerSocket(): string {
    return this.options.dockerSocket ?? DOCKER_SOCKET;
  }

  /** The containers changed (a deploy, an action, an engine event): the next report reads them anew. */
  containersChanged(): void {
    this.containers.at = 0;
  }

  async telemetry(): Promise<TelemetrySample> {
    const interfaces = this.traffic();
    if (Date.now() - this.containers.at > 30_000)
      this.containers = {
        at: Date.now(),
        list: hasDocker(this.dockerSocket) ? await listContainers(this.dockerSocket) : [],
      };
    return {
      interfaces,
      ports: this.ports(interfaces),
      // No PoE hardware to power: nothing to ask the user to plug in.
      poePowered: true,
      fanSpeed: this.fanSpeed(),
      clients: this.clients(),
      containers: this.containers.list,
    };
  }

  takeEvents() {
    return this.alarms.take();
  }

  setReportMode(mode: LogReportMode): void {
    this.alarms.setReportMode(mode);
  }

  note(event: EventMessage): void {
    this.alarms.note(event);
  }

  private async power(what: 'reboot' | 'shutdown', command: string, session: PowerSession): Promise<void> {
    if (this.options.dryRun !== false) {
      this.options.log.warn(`dry run: would ${what} with: ${command}`);
      return;
    }
    await session.goOffline();
    this.options.log.warn(`${what}: running ${command}`);
    const child = spawn('/bin/sh', ['-c', command], { detached: true, stdio: 'ignore' });
    child.on('error', (err) => {
      this.options.log.error(`${what} failed`, { error: err.message });
      session.comeBack();
    });
    child.on('exit', (code) => {
      // Still alive after the command ended with an error: the device did not go down.
      if (code !== 0) session.comeBack();
    });
    child.unref();
  }

  reboot(session: PowerSession): Promise<void> {
    return this.power('reboot', this.options.rebootCommand ?? 'reboot', session);
  }

  shutdown(session: PowerSession): Promise<void> {
    return this.power('shutdown', this.options.shutdownCommand ?? 'poweroff', session);
  }
}

function safeList(dir: string): string[] {
  try {
    return fs.readdirSync(dir);
  } catch {
    return [];
  }
}
