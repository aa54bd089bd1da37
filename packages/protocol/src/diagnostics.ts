/**
 * What the Diagnose tests send to a device and get back (SPEC 3: Ping, Traceroute, Iperf, Speedtest;
 * SPEC 2: cell scanner), with the limits of each field written once: the RPC table (device-rpc.ts), the
 * console's Diagnose API and the web's forms all use these schemas. The agent's Linux backend fills the
 * results from the real tools, the simulator from its links.
 */
import { z } from 'zod';
import { portRule, requiredField, ruled, ruledNumber, isIPv4, isIPv6, type Rule } from './validation.ts';
import { messages, type MessageCode } from './messages.ts';

const HOST_LABEL = /^(?!-)[A-Za-z0-9-]{1,63}(?<!-)$/;

/** A DNS host name: dot-separated labels of letters, digits and inner hyphens; the last one not all digits. */
function isHostName(value: string): boolean {
  const name = value.endsWith('.') ? value.slice(0, -1) : value;
  if (!name || name.length > 253) return false;
  const labels = name.split('.');
  return labels.every((l) => HOST_LABEL.test(l)) && !/^\d+$/.test(labels[labels.length - 1]!);
}

/**
 * A target a device may be told to reach: an IPv4 or IPv6 address or a host name. Anything else (an option
 * such as "-f", a URL, spaces) is refused before it reaches a device.
 */
export const diagnoseHostRule: Rule = (v) => {
  if (!v) return 'diagnoseTargetEmpty';
  return isIPv4(v) || isIPv6(v) || isHostName(v) ? null : 'diagnoseTargetInvalid';
};
export const diagnoseHost = ruled(diagnoseHostRule);

/** A number in [min, max] (whole unless `fraction`), refused with `code`. */
const ranged = (code: MessageCode, min: number, max: number, fraction = false) =>
  ruledNumber((v) =>
    Number.isFinite(v) && (fraction || Number.isInteger(v)) && v >= min && v <= max ? null : code,
  );

/** SPEC 3 Ping: target, count, interval seconds. */
export const pingParams = z.object({
  target: requiredField(diagnoseHostRule),
  count: ranged('diagnoseCountRange', 1, 100).default(4),
  interval: ranged('diagnoseIntervalRange', 0.2, 60, true).default(1),
});

/** SPEC 3 Traceroute: target, max TTL. */
export const tracerouteParams = z.object({
  target: requiredField(diagnoseHostRule),
  maxTtl: ranged('diagnoseMaxTtlRange', 1, 64).default(30),
});

export const iperfModes = ['client', 'server'] as const;
export const iperfProtocols = ['tcp', 'udp'] as const;

export const iperfParams = z
  .object({
    mode: z.enum(iperfModes),
    /** The iperf3 server a client connects to; a server ignores it. */
    server: diagnoseHost.optional(),
    port: ruledNumber(portRule).default(5201),
    /** Target rate in Mbit/s (UDP needs one; 0 means iperf3's default). */
    bandwidthMbps: ranged('diagnoseBandwidthRange', 0, 10_000, true).default(0),
    protocol: z.enum(iperfProtocols).default('tcp'),
    /** Datagram or write size in bytes; 0 means iperf3's default. */
    packetSize: ranged('diagnosePacketSizeRange', 0, 65_507).default(0),
    durationSeconds: ranged('diagnoseDurationRange', 1, 300).default(10),
    reportIntervalSeconds: ranged('diagnoseReportIntervalRange', 1, 60).default(1),
  })
  .refine((p) => p.mode === 'server' || p.server !== undefined, {
    message: messages.diagnoseServerRequired,
    path: ['server'],
    params: { code: 'diagnoseServerRequired' },
  });

export const iperfInterval = z.object({
  startSeconds: z.number().nonnegative(),
  endSeconds: z.number().nonnegative(),
  mbps: z.number().nonnegative(),
});

export const iperfResult = z.object({
  mode: z.enum(iperfModes),
  protocol: z.enum(iperfProtocols),
  /** The peer's address as iperf3 saw it. */
  peer: z.string().nullable(),
  sentMbps: z.number().nonnegative(),
  receivedMbps: z.number().nonnegative(),
  /** TCP only. */
  retransmits: z.number().int().nonnegative().nullable(),
  /** UDP only. */
  jitterMs: z.number().nonnegative().nullable(),
  lossPercent: z.number().min(0).max(100).nullable(),
  intervals: z.array(iperfInterval),
});

/** An http(s) URL: what a speedtest server is reached at. */
const httpUrlRule: Rule = (v) => {
  try {
    const url = new URL(v);
    return (url.protocol === 'http:' || url.protocol === 'https:') && v.length <= 512
      ? null
      : 'diagnoseServerUrl';
  } catch {
    return 'diagnoseServerUrl';
  }
};

export const speedtestParams = z.object({
  /** The device interface to test over (e.g. wwan0); the default route when not given. */
  iface: z
    .string()
    .min(1)
    .max(32)
    .regex(/^[A-Za-z0-9._-]+$/)
    .optional(),
  /** Base URL of the speedtest endpoint (the console's own unless the operator names another). */
  server: ruled(httpUrlRule),
  /** Bytes to download and to upload. */
  bytes: ranged('diagnoseBytesRange', 64 * 1024, 512 * 1024 * 1024).default(8 * 1024 * 1024),
});

/**
 * Speedtest as an operator asks for it: without `server` the console serves the test itself (a link
 * only the device it is made for may use, see the diagnose feature's speedtest endpoint).
 */
export const diagnoseSpeedtestParams = speedtestParams.extend({ server: ruled(httpUrlRule).optional() });

export const speedtestResult = z.object({
  server: z.string(),
  iface: z.string().nullable(),
  downloadMbps: z.number().nonnegative(),
  uploadMbps: z.number().nonnegative(),
  latencyMs: z.number().nonnegative(),
  jitterMs: z.number().nonnegative(),
  /** Latency probes that got no answer. */
  drops: z.number().int().nonnegative(),
});

export const cellTechnologies = ['2G', '3G', '4G', '5G'] as const;

export const scannedCell = z.object({
  technology: z.enum(cellTechnologies),
  /** The cell the modem is camped on. */
  serving: z.boolean(),
  rsrp: z.number().nullable(),
  rsrq: z.number().nullable(),
  snr: z.number().nullable(),
  band: z.string().nullable(),
  /** EARFCN / NR-ARFCN. */
  channel: z.number().int().nullable(),
  cellId: z.string().nullable(),
  pci: z.number().int().nullable(),
});

export const cellScanResult = z.object({ modem: z.string().nullable(), cells: z.array(scannedCell) });

export type IperfParams = z.input<typeof iperfParams>;
export type PingParams = z.input<typeof pingParams>;
export type TracerouteParams = z.input<typeof tracerouteParams>;
export type DiagnoseSpeedtestParams = z.input<typeof diagnoseSpeedtestParams>;
export type IperfResult = z.infer<typeof iperfResult>;
export type SpeedtestResult = z.infer<typeof speedtestResult>;
export type ScannedCell = z.infer<typeof scannedCell>;
