/** Presenters: the only place device views and telemetry turn into the inventory's API shapes. */
import {
  interfaceKinds,
  type DashboardSeries,
  type DashboardSnapshot,
  type DeviceRow,
  type InterfaceKind,
  type LivePoint,
  type PoePower,
  type SecureMode,
  type SystemPoint,
  type TrafficPoint,
} from '@edge/protocol';
import type { DeviceView, TelemetryHistory, TelemetryPoint } from '../devices/index.ts';

export function toRow(
  view: DeviceView,
  groupName: string,
  desiredSecureMode: SecureMode | undefined,
): DeviceRow {
  const heartbeat = view.heartbeat;
  return {
    id: view.id,
    iGWSHeartBeatID: view.id,
    modelID: view.model,
    name: view.name,
    deviceName: view.hostname || view.name,
    status: view.status,
    upTime: view.upTime,
    latitude: view.latitude,
    longitude: view.longitude,
    sn: view.serial,
    ip: view.ip,
    mac: view.mac,
    imei: view.cellular?.imei ?? '',
    imsi: view.cellular?.imsi ?? '',
    groupId: view.groupId,
    groupName: view.groupId === null ? '' : groupName,
    signalQuality: view.signal?.quality ?? null,
    rsrp: view.signal?.rsrp ?? null,
    loadLevel: heartbeat?.load ?? null,
    cpuUsage: heartbeat?.cpuUsage ?? null,
    firmware: view.firmware,
    profile: view.profile,
    lastSeen: view.lastSeenAt,
    secureMode: desiredSecureMode ?? view.secureMode,
    secureModeReported: view.secureMode,
    secureModePending: desiredSecureMode !== undefined && desiredSecureMode !== view.secureMode,
    online: view.online,
    idle: view.idle,
    alarms: view.alarms,
    capabilities: view.capabilities,
    reportInterval: view.reportInterval,
    adoptedAt: view.adoptedAt,
  };
}

/** Kinds whose traffic is the device's own throughput (the planes are overlay tunnels on top of them). */
const THROUGHPUT_KINDS: ReadonlySet<InterfaceKind> = new Set(['ethernet', 'wifi', 'cellular']);

function poeTotals(view: DeviceView): PoePower | null {
  const ports = (view.telemetry?.ports ?? []).filter((p) => p.poe);
  if (ports.length === 0) return null;
  return {
    current: ports.reduce((sum, p) => sum + p.poe!.current, 0),
    voltage: Math.max(...ports.map((p) => p.poe!.voltage)),
    watt: ports.reduce((sum, p) => sum + p.poe!.watt, 0),
  };
}

export function snapshotOf(view: DeviceView): DashboardSnapshot {
  const { heartbeat, telemetry } = view;
  const interfaces = telemetry?.interfaces ?? [];
  const own = interfaces.filter((i) => THROUGHPUT_KINDS.has(i.kind));
  const clients = telemetry?.clients ?? [];
  const hasPoe =
    view.capabilities.includes('poe') || (telemetry?.ports ?? []).some((p) => p.poe !== undefined);
  return {
    deviceId: view.id,
    status: view.status,
    online: view.online,
    hostname: view.hostname || view.name,
    accessTime: view.lastSeenAt,
    reportedAt: telemetry?.ts ?? heartbeat?.ts ?? null,
    throughput: {
      txMbps: own.reduce((sum, i) => sum + i.txMbps, 0),
      rxMbps: own.reduce((sum, i) => sum + i.rxMbps, 0),
    },
    clients: {
      wired: clients.filter((c) => c.kind === 'wired').length,
      wifi: clients.filter((c) => c.kind === 'wifi').length,
    },
    ethernetPorts: telemetry?.ports ?? [],
    poe: poeTotals(view),
    poeNeedsDcPower: hasPoe && telemetry !== null && !telemetry.poePowered,
    upTime: view.upTime,
    cpu: {
      cores: heartbeat?.cpuCores ?? null,
      usage: heartbeat?.cpuUsage ?? null,
      temperature: heartbeat?.cpuTemp ?? null,
    },
    memory: heartbeat ? { ...heartbeat.memory } : null,
    disk: heartbeat ? { ...heartbeat.disk } : null,
    loadLevel: heartbeat?.load ?? null,
    signal: view.signal,
    cellular: view.cellular,
    connectedDevices: clients,
    interfaces,
    containers: telemetry?.containers ?? [],
    fanSpeed: telemetry?.fanSpeed ?? null,
  };
}

const percentOf = (u: { total: number; used: number }) => (u.total > 0 ? (u.used / u.total) * 100 : null);

/** The newest sample as one point of the dashboard's charts; null before the first telemetry. */
export function pointOf(view: DeviceView): LivePoint | null {
  const { heartbeat, telemetry } = view;
  if (!telemetry) return null;
  const traffic = Object.fromEntries(
    interfaceKinds.map((k) => [k, { rx: 0, tx: 0 }]),
  ) as LivePoint['traffic'];
  for (const i of telemetry.interfaces) {
    traffic[i.kind].rx += i.rxMbps;
    traffic[i.kind].tx += i.txMbps;
  }
  const time = telemetry.ts;
  const system: SystemPoint = {
    time,
    cpuUsage: heartbeat?.cpuUsage ?? null,
    memoryUsage: heartbeat ? percentOf(heartbeat.memory) : null,
    diskUsage: heartbeat ? percentOf(heartbeat.disk) : null,
    cpuTemp: heartbeat?.cpuTemp ?? null,
    fanSpeed: telemetry.fanSpeed,
    clients: telemetry.clients.length,
  };
  return { time, traffic, system };
}

const metric = (point: TelemetryPoint, name: string): number | null => point[name] ?? null;

export function seriesOf(history: TelemetryHistory, from: number, to: number): DashboardSeries {
  const traffic = Object.fromEntries(
    interfaceKinds.map((kind): [InterfaceKind, TrafficPoint[]] => [
      kind,
      history.points.map((p) => ({
        time: p.ts,
        rx: metric(p, `${kind}RxMbps`),
        tx: metric(p, `${kind}TxMbps`),
      })),
    ]),
  ) as DashboardSeries['traffic'];
  const system = history.points.map((p): SystemPoint => ({
    time: p.ts,
    cpuUsage: metric(p, 'cpuUsage'),
    memoryUsage: metric(p, 'memoryUsage'),
    diskUsage: metric(p, 'diskUsage'),
    cpuTemp: metric(p, 'cpuTemp'),
    fanSpeed: metric(p, 'fanSpeed'),
    clients: metric(p, 'clients'),
  }));
  return { resolution: history.resolution, from, to, traffic, system };
}
