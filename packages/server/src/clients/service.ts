/**
 * The client list: a page of device_clients with, for the page's devices only, whether each client is in
 * the device's latest report (connected) and in the MAC blacklist the device reported applying, or on its
 * way there (block-state.ts).
 */
import type { ClientListResponse, ClientRow } from '@edge/protocol';
import type { DeviceDirectory } from '../devices/index.ts';
import type { ConfigService } from '../deviceConfig/index.ts';
import type { ClientFilter, ClientsStore } from './store.ts';
import { blockStates, type ClientBlockState } from './block-state.ts';

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
      const blocking = new Map<string, (mac: string) => ClientBlockState>();
      await Promise.all(
        deviceIds.map(async (id) => {
          const view = deps.devices.get(id);
          connected.set(id, new Set(view?.telemetry?.clients.map((c) => c.mac.toLowerCase()) ?? []));
          const state = view ? await deps.config.state(id, 'clients').catch(() => null) : null;
          blocking.set(id, blockStates(state?.sections[0]));
        }),
      );
      const unknown = blockStates(undefined);
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
        ...(blocking.get(r.device_id) ?? unknown)(r.mac),
      }));
      return { list, totalNumber: total, page: filter.page, pageSize: filter.pageSize };
    },
  };
}

export type ClientsService = ReturnType<typeof clientsService>;
