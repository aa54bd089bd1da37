/**
 * The fleet at a glance from the registry's live state (no database read): device counts, clients by kind
 * and the top devices by traffic and CPU from each online device's latest report, devices in alarm.
 */
import { DASHBOARD_TOP, type DashboardOverview, type TopDevice } from '@edge/protocol';
import type { DeviceDirectory } from '../devices/index.ts';

/** The n highest by value, highest first (one pass, n small). */
function top(list: TopDevice[], entry: TopDevice, n: number) {
  if (list.length === n && list[n - 1]!.value >= entry.value) return;
  list.push(entry);
  list.sort((a, b) => b.value - a.value);
  if (list.length > n) list.pop();
}

export function fleetOverview(devices: DeviceDirectory): Omit<DashboardOverview, 'at' | 'system'> {
  const clients = { wired: 0, wifi: 0 };
  const alarms = { devices: 0, active: 0 };
  const topTraffic: TopDevice[] = [];
  const topCpu: TopDevice[] = [];
  for (const device of devices.scan()) {
    if (!device.online) continue;
    const name = device.record.name || device.record.serial;
    const id = device.record.id;
    if (device.alarms.size > 0) {
      alarms.devices++;
      alarms.active += device.alarms.size;
    }
    if (device.heartbeat) top(topCpu, { id, name, value: device.heartbeat.cpuUsage }, DASHBOARD_TOP);
    const telemetry = device.telemetry?.read();
    if (!telemetry) continue;
    for (const client of telemetry.clients) clients[client.kind]++;
    const mbps = telemetry.interfaces.reduce((sum, i) => sum + i.rxMbps + i.txMbps, 0);
    top(topTraffic, { id, name, value: mbps }, DASHBOARD_TOP);
  }
  return { devices: devices.counts(), clients, alarms, topTraffic, topCpu };
}
