/**
 * What the Diagnose tests that are more than ping and traceroute send to a device and get back (SPEC 3:
 * Iperf, Speedtest; SPEC 2: cell scanner). The RPC table (device-rpc.ts) names them; the agent's Linux
 * backend fills them from iperf3 -J, an HTTP transfer and the modem, the simulator from its links.
 */
import { z } from 'zod';
import { portRule, ruledNumber } from './validation.ts';

/** A host name or IP address a device may be told to reach; anything else is refused before it is sent. */
export const diagnoseHost = z
  .string()
  .min(1)
  .max(253)
  .regex(/^[A-Za-z0-9.:_-]+$/, 'host name or IP address');

export const iperfModes = ['client', 'server'] as const;
export const iperfProtocols = ['tcp', 'udp'] as const;

export const iperfParams = z
  .object({
    mode: z.enum(iperfModes),
    /** The iperf3 server a client connects to; a server ignores it. */
    server: diagnoseHost.optional(),
    port: ruledNumber(portRule).default(5201),
    /** Target rate in Mbit/s (UDP needs one; 0 means iperf3's default). */
    bandwidthMbps: z.number().min(0).max(10_000).default(0),
    protocol: z.enum(iperfProtocols).default('tcp'),
    /** Datagram or write size in bytes; 0 means iperf3's default. */
    packetSize: z.number().int().min(0).max(65_507).default(0),
    durationSeconds: z.number().int().min(1).max(300).default(10),
    reportIntervalSeconds: z.number().int().min(1).max(60).default(1),
  })
  .refine((p) => p.mode === 'server' || p.server !== undefined, {
    message: 'A client needs a server address.',
    path: ['server'],
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

export const speedtestParams = z.object({
  /** The device interface to test over (e.g. wwan0); the default route when not given. */
  iface: z.string().min(1).max(32).optional(),
  /** Base URL of the speedtest endpoint (the console's own unless the operator names another). */
  server: z.string().url().max(512),
  /** Bytes to download and to upload. */
  bytes: z
    .number()
    .int()
    .min(64 * 1024)
    .max(512 * 1024 * 1024)
    .default(8 * 1024 * 1024),
});

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
export type IperfResult = z.infer<typeof iperfResult>;
export type SpeedtestResult = z.infer<typeof speedtestResult>;
export type ScannedCell = z.infer<typeof scannedCell>;
