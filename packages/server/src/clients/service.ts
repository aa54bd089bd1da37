/**
 * The client list: a page of device_clients with, for the page's devices only, whether each client is in
 * the device's latest report (connected) and in its MAC blacklist (the configuration's clients section).
 */
import type { ClientListResponse, ClientRow } from '@edge/protocol';
import type { DeviceDirectory } from '../devices/index.ts';
import type { ConfigService } from '../deviceConfig/index.ts';
import type { ClientFilter, ClientsStore } from './store.ts';

export function clientsService(deps: {
  store: ClientsStore;
  devices: DeviceDirectory;
  config: ConfigService;
}) {
  return {
    async list(filter: ClientFilter): Promise<ClientListResponse> {
      const { rows, total } = await deps.store.page(filter);
      const deviceIds = [...new Set(rows.map((r) => r.device_id))];
      const connected = new Map<string, Set<string>>();
      const blocked = new Map<string, Set<string>>();
      await Promise.all(
        deviceIds.map(async (id) => {
          const view = deps.devices.get(id);
          connected.set(id, new Set(view?.telemetry?.clients.map((c) => c.mac.toLowerCase()) ?? []));
          const doc = view ? await deps.config.current(id, 'clients').catch(() => null) : null;
          blocked.set(id, new Set(doc?.blacklist.map((c) => c.mac.toLowerCase()) ?? []));
        }),
      );
      const list = rows.map((r): ClientRow => ({
        deviceId: r.device_id,
        deviceName: r.device_name || r.device_serial,
        mac: r.mac,
        kind: r.kind as ClientRow['kind'],
        hostname: r.hostname,
        ip: r.ip,
        iface: r.interface,
        ssid: r.ssid,
        signal: r.signal === null ? null : Number(r.signal),
        rxBytes: Number(r.rx_bytes),
        txBytes: Number(r.tx_bytes),
        firstSeen: Number(r.first_seen),
        lastSeen: Number(r.last_seen),
        connected: connected.get(r.device_id)?.has(r.mac) ?? false,
        blocked: blocked.get(r.device_id)?.has(r.mac) ?? false,
      }));
      return { list, totalNumber: total, page: filter.page, pageSize: filter.pageSize };
    },
  };
}

export type ClientsService = ReturnType<typeof clientsService>;
