/**
 * What a device reports (hello, heartbeat, telemetry, events) and the rules both sides derive from it.
 * The fields cover the device dashboard of SPEC 2 and the device states of SPEC 4. Byte counts are bytes,
 * rates Mbps, times epoch milliseconds unless the name says otherwise (uptime is seconds, as devices count it).
 */
import { z } from 'zod';
import { REPORT_INTERVALS_S } from './constants.ts';
import { SERIAL_PATTERN } from './device.ts';

const text = (max: number) => z.string().max(max);
const bytes = z.number().nonnegative();
const mbps = z.number().nonnegative();
const percent = z.number().min(0).max(100);

/** SPEC 4 device status labels, as the inventory shows them. */
export const deviceStatusLabels = [
  'Lock',
  'Unlock',
  'License Lock',
  'Runs Well',
  'Alarm',
  'Idle',
  'Offline',
] as const;
export type DeviceStatusLabel = (typeof deviceStatusLabels)[number];

export const loadLevels = ['Low', 'Medium', 'High'] as const;
export type LoadLevel = (typeof loadLevels)[number];

export const signalQualities = ['excellent', 'good', 'poor'] as const;
export type SignalQuality = (typeof signalQualities)[number];

export const secureModes = ['Jump to Device Only', 'OrpheLink Only', 'Unlimited', 'Unsupported'] as const;
export type SecureMode = (typeof secureModes)[number];

export const containerStates = ['created', 'running', 'exited', 'never started'] as const;
export type ContainerState = (typeof containerStates)[number];

/** Interface kinds; the traffic series of the dashboard are grouped by them. */
export const interfaceKinds = ['ethernet', 'wifi', 'cellular', 'controlPlane', 'dataPlane'] as const;
export type InterfaceKind = (typeof interfaceKinds)[number];

export const clientKinds = ['wired', 'wifi'] as const;
export type ClientKind = (typeof clientKinds)[number];

/** Known capabilities. Devices may announce others; the console ignores what it does not know. */
export const deviceCapabilities = {
  reboot: 'reboot',
  shutdown: 'shutdown',
  wifi: 'wifi',
  cellular: 'cellular',
  poe: 'poe',
  fan: 'fan',
  containers: 'containers',
  terminal: 'terminal',
  gps: 'gps',
  ping: 'ping',
  traceroute: 'traceroute',
  /** WireGuard overlay (SD-WAN node). */
  overlay: 'overlay',
} as const;

/** SPEC 4 load level from CPU usage: what the inventory shows instead of a number. */
export function loadLevel(cpuUsagePercent: number): LoadLevel {
  if (cpuUsagePercent < 50) return 'Low';
  if (cpuUsagePercent < 80) return 'Medium';
  return 'High';
}

/** SPEC 4 signal quality from LTE/NR RSRP (dBm), using the bands operators commonly publish. */
export function signalQuality(rsrpDbm: number): SignalQuality {
  if (rsrpDbm >= -90) return 'excellent';
  if (rsrpDbm >= -105) return 'good';
  return 'poor';
}

/** Seconds; a test or lab device may report faster than SPEC 9's fixed choices, never slower than an hour. */
export const reportIntervalSeconds = z.number().int().min(1).max(3600);
/** SPEC 9 setting: a fixed interval (normally 5, 30 or 60) or `latency`. */
export const reportIntervalSetting = z.union([reportIntervalSeconds, z.literal('latency')]);
export type ReportIntervalSetting = z.infer<typeof reportIntervalSetting>;
export const DEFAULT_REPORT_INTERVAL_S: (typeof REPORT_INTERVALS_S)[number] = 30;

export const networkInterface = z.object({
  name: text(32),
  kind: z.enum(interfaceKinds),
  mac: text(17).optional(),
  ip: text(45).optional(),
});
export type NetworkInterface = z.infer<typeof networkInterface>;

export const location = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});
export type Location = z.infer<typeof location>;

/** Published on every connect. */
export const helloMessage = z.object({
  serial: z.string().regex(SERIAL_PATTERN),
  model: text(64),
  firmware: text(64),
  /** The agent's own version (issue 22: the Upgrade screen's version report); absent from older agents. */
  agentVersion: text(64).optional(),
  hostname: text(253),
  capabilities: z.array(text(32)).max(64),
  interfaces: z.array(networkInterface).max(64),
  reportInterval: reportIntervalSetting,
  /** Management address and MAC, as Discovery and the inventory show them. */
  ip: text(45),
  mac: text(17),
  location: location.optional(),
  cellular: z.object({ imei: text(20), imsi: text(20), iccid: text(22).optional() }).optional(),
  secureMode: z.enum(secureModes).default('Unsupported'),
  /** Codes of alarms active right now, so the console's view survives a console restart. */
  alarms: z.array(text(64)).max(64).default([]),
});
export type HelloMessage = z.infer<typeof helloMessage>;

export const cellSignal = z.object({
  technology: z.enum(['3G', '4G', '5G']),
  quality: z.enum(signalQualities),
  rsrp: z.number(),
  rsrq: z.number(),
  snr: z.number(),
  rssi: z.number().optional(),
  band: text(16),
  channel: z.number().int().nonnegative(),
  cellId: text(32),
  operator: text(64).optional(),
});
export type CellSignal = z.infer<typeof cellSignal>;

const usage = z.object({ total: bytes, used: bytes });

/** Published every report interval: small, so that 10,000 devices at 30 s stay cheap to carry. */
export const heartbeatMessage = z.object({
  ts: z.number().int().nonnegative(),
  /** Seconds since boot. */
  uptime: z.number().nonnegative(),
  cpuUsage: percent,
  cpuCores: z.number().int().min(1).max(1024),
  /** Degrees Celsius; null when the device has no sensor. */
  cpuTemp: z.number().nullable(),
  memory: usage,
  disk: usage,
  load: z.enum(loadLevels),
  signal: cellSignal.optional(),
  counters: z.object({ rxBytes: bytes, txBytes: bytes, clients: z.number().int().nonnegative() }),
  /** The interval in force, in seconds (with `latency` it follows the measured latency). */
  reportInterval: reportIntervalSeconds,
  idle: z.boolean().default(false),
});
export type HeartbeatMessage = z.infer<typeof heartbeatMessage>;

export const interfaceTraffic = z.object({
  name: text(32),
  kind: z.enum(interfaceKinds),
  rxBytes: bytes,
  txBytes: bytes,
  rxMbps: mbps,
  txMbps: mbps,
  up: z.boolean(),
});
export type InterfaceTraffic = z.infer<typeof interfaceTraffic>;

export const poePower = z.object({
  /** Milliamperes. */
  current: z.number().nonnegative(),
  /** Volts. */
  voltage: z.number().nonnegative(),
  /** Watts. */
  watt: z.number().nonnegative(),
});
export type PoePower = z.infer<typeof poePower>;

export const ethernetPort = z.object({
  name: text(32),
  up: z.boolean(),
  /** Link speed in Mbps; 0 while down. */
  speed: z.number().int().nonnegative(),
  portType: z.enum(['WAN', 'LAN']).optional(),
  poe: poePower.optional(),
});
export type EthernetPort = z.infer<typeof ethernetPort>;

/** A connected device (SPEC 2 "connected devices"); `access_time` is when it connected, epoch ms. */
export const connectedClient = z.object({
  kind: z.enum(clientKinds),
  hostname: text(253),
  ip: text(45),
  mac: text(17),
  access_time: z.number().int().nonnegative(),
  /** Where it is attached (e.g. lan1, wlan0), the Wi-Fi network and its signal in dBm, its traffic since it connected. */
  iface: text(32).optional(),
  ssid: text(32).optional(),
  signal: z.number().optional(),
  rxBytes: bytes.optional(),
  txBytes: bytes.optional(),
});
export type ConnectedClient = z.infer<typeof connectedClient>;

export const containerApp = z.object({
  name: text(128),
  state: z.enum(containerStates),
  id: text(64).optional(),
  UUID: text(64).optional(),
});
export type ContainerApp = z.infer<typeof containerApp>;

/**
 * Published when the device's container engine reports a change (an app created, started, stopped, died,
 * killed for memory, removed), between reports: the apps as they are now. Heard by every console replica.
 */
export const containersMessage = z.object({
  ts: z.number().int().nonnegative(),
  containers: z.array(containerApp).max(256),
});
export type ContainersMessage = z.infer<typeof containersMessage>;

/** Published every report interval after the heartbeat: what the device dashboard draws. */
export const telemetryMessage = z.object({
  ts: z.number().int().nonnegative(),
  interfaces: z.array(interfaceTraffic).max(64),
  ports: z.array(ethernetPort).max(64),
  /** False when PoE ports exist but the DC power line is unplugged (the dashboard then asks to plug it in). */
  poePowered: z.boolean(),
  /** RPM; null when the device has no fan. */
  fanSpeed: z.number().nonnegative().nullable(),
  clients: z.array(connectedClient).max(1024),
  containers: z.array(containerApp).max(256),
});
export type TelemetryMessage = z.infer<typeof telemetryMessage>;

export const eventLevels = ['info', 'warning', 'error'] as const;
export type EventLevel = (typeof eventLevels)[number];

/** A log line; with `alarm` it also raises (active) or clears an alarm by its code. */
export const eventMessage = z.object({
  ts: z.number().int().nonnegative(),
  level: z.enum(eventLevels),
  program: text(64),
  message: text(1024),
  alarm: z.object({ code: text(64), active: z.boolean() }).optional(),
});
export type EventMessage = z.infer<typeof eventMessage>;

/** Latency probe: the console echoes the payload unchanged on `pong`. */
export const pingMessage = z.object({ id: z.number().int().nonnegative(), sentAt: z.number() });
export type PingMessage = z.infer<typeof pingMessage>;
