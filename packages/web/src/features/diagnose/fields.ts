/**
 * The fields of each test's form (SPEC 3: Ping target, count, interval seconds; Traceroute target, max TTL;
 * Iperf mode, server address, port, bandwidth, protocol, packet size, duration, report interval; Speedtest
 * interface and server) and their first values. Their rules are protocol's (diagnoseParams).
 */
import { iperfModes, iperfProtocols, type DiagnoseTest } from '@edge/protocol';

export type Field =
  | { name: string; kind: 'text'; optional?: boolean }
  | { name: string; kind: 'number'; step?: number }
  | { name: string; kind: 'select'; options: readonly (string | number)[] };

const MB = 1024 * 1024;
/** Speedtest sizes offered: each within protocol's 64 KB - 512 MB. */
export const SPEEDTEST_SIZES = [1 * MB, 8 * MB, 32 * MB, 128 * MB, 512 * MB] as const;

export const TEST_FIELDS: Record<DiagnoseTest, Field[]> = {
  ping: [
    { name: 'target', kind: 'text' },
    { name: 'count', kind: 'number' },
    { name: 'interval', kind: 'number', step: 0.2 },
  ],
  traceroute: [
    { name: 'target', kind: 'text' },
    { name: 'maxTtl', kind: 'number' },
  ],
  iperf: [
    { name: 'mode', kind: 'select', options: iperfModes },
    { name: 'server', kind: 'text' },
    { name: 'port', kind: 'number' },
    { name: 'bandwidthMbps', kind: 'number' },
    { name: 'protocol', kind: 'select', options: iperfProtocols },
    { name: 'packetSize', kind: 'number' },
    { name: 'durationSeconds', kind: 'number' },
    { name: 'reportIntervalSeconds', kind: 'number' },
  ],
  speedtest: [
    { name: 'iface', kind: 'text', optional: true },
    { name: 'server', kind: 'text', optional: true },
    { name: 'bytes', kind: 'select', options: SPEEDTEST_SIZES },
  ],
  cellScan: [],
};

export const TEST_DEFAULTS: Record<DiagnoseTest, Record<string, unknown>> = {
  ping: { target: '', count: 4, interval: 1 },
  traceroute: { target: '', maxTtl: 30 },
  iperf: {
    mode: 'client',
    server: '',
    port: 5201,
    bandwidthMbps: 0,
    protocol: 'tcp',
    packetSize: 0,
    durationSeconds: 10,
    reportIntervalSeconds: 1,
  },
  speedtest: { iface: '', server: '', bytes: 8 * MB },
  cellScan: {},
};

/** The form's values as the API takes them: empty optional fields left out, a server's own server ignored. */
export function paramsOf(test: DiagnoseTest, values: Record<string, unknown>): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const field of TEST_FIELDS[test]) {
    const value = values[field.name];
    if (
      value === undefined ||
      value === null ||
      (value === '' && field.kind === 'text' && field.name !== 'target')
    )
      continue;
    params[field.name] = value;
  }
  if (test === 'iperf' && params.mode === 'server') delete params.server;
  return params;
}
