/** The metrics of the telemetry series: their column, their name in the API, and where a sample comes from. */
import type { HeartbeatMessage, InterfaceKind, TelemetryMessage } from '@edge/protocol';
import type { TelemetryMetrics } from '../db/schema.ts';

export type MetricColumn = keyof TelemetryMetrics;

const percentOf = (u: { total: number; used: number }) => (u.total > 0 ? (u.used / u.total) * 100 : null);

const TRAFFIC_COLUMNS: Record<InterfaceKind, [MetricColumn, MetricColumn]> = {
  ethernet: ['ethernet_rx', 'ethernet_tx'],
  wifi: ['wifi_rx', 'wifi_tx'],
  cellular: ['cellular_rx', 'cellular_tx'],
  controlPlane: ['control_plane_rx', 'control_plane_tx'],
  dataPlane: ['data_plane_rx', 'data_plane_tx'],
};

/** Column -> API name, in table order. */
export const METRICS: readonly { column: MetricColumn; name: string }[] = [
  { column: 'cpu_usage', name: 'cpuUsage' },
  { column: 'memory_usage', name: 'memoryUsage' },
  { column: 'disk_usage', name: 'diskUsage' },
  { column: 'cpu_temp', name: 'cpuTemp' },
  { column: 'fan_speed', name: 'fanSpeed' },
  { column: 'signal_rsrp', name: 'signalRsrp' },
  { column: 'clients', name: 'clients' },
  { column: 'ethernet_rx', name: 'ethernetRxMbps' },
  { column: 'ethernet_tx', name: 'ethernetTxMbps' },
  { column: 'wifi_rx', name: 'wifiRxMbps' },
  { column: 'wifi_tx', name: 'wifiTxMbps' },
  { column: 'cellular_rx', name: 'cellularRxMbps' },
  { column: 'cellular_tx', name: 'cellularTxMbps' },
  { column: 'control_plane_rx', name: 'controlPlaneRxMbps' },
  { column: 'control_plane_tx', name: 'controlPlaneTxMbps' },
  { column: 'data_plane_rx', name: 'dataPlaneRxMbps' },
  { column: 'data_plane_tx', name: 'dataPlaneTxMbps' },
  { column: 'signal_rsrq', name: 'signalRsrq' },
  { column: 'signal_snr', name: 'signalSnr' },
  { column: 'uptime', name: 'uptime' },
];
export const METRIC_COLUMNS: readonly MetricColumn[] = METRICS.map((m) => m.column);

export type Sample = Partial<Record<MetricColumn, number>>;

/** One sample from a telemetry message and the heartbeat current when it arrived. */
export function sampleOf(heartbeat: HeartbeatMessage | null, telemetry: TelemetryMessage): Sample {
  const sample: Sample = {};
  const put = (column: MetricColumn, value: number | null | undefined) => {
    if (value !== null && value !== undefined && Number.isFinite(value)) sample[column] = value;
  };
  if (heartbeat) {
    put('cpu_usage', heartbeat.cpuUsage);
    put('memory_usage', percentOf(heartbeat.memory));
    put('disk_usage', percentOf(heartbeat.disk));
    put('cpu_temp', heartbeat.cpuTemp);
    put('signal_rsrp', heartbeat.signal?.rsrp);
    put('signal_rsrq', heartbeat.signal?.rsrq);
    put('signal_snr', heartbeat.signal?.snr);
    put('uptime', heartbeat.uptime);
  }
  put('fan_speed', telemetry.fanSpeed);
  put('clients', telemetry.clients.length);
  for (const i of telemetry.interfaces) {
    const [rx, tx] = TRAFFIC_COLUMNS[i.kind];
    sample[rx] = (sample[rx] ?? 0) + i.rxMbps;
    sample[tx] = (sample[tx] ?? 0) + i.txMbps;
  }
  return sample;
}
