/** The map of devices and each user's choice of what it shows (SPEC 4: which devices, label, colour, size). */
import {
  DEFAULT_DASHBOARD_CONFIG,
  type DashboardConfig,
  type DashboardConfigPatch,
  type MapDevice,
  type MapResponse,
} from '@edge/protocol';
import { statusLabel, type DeviceDirectory, type LiveDevice } from '../devices/index.ts';
import { fail } from '../http/errors.ts';
import type { InventoryStore } from './store.ts';
import { knownGroup } from './lookup.ts';

type Device = Readonly<LiveDevice>;

export function deviceMap(deps: { store: InventoryStore; devices: DeviceDirectory }) {
  const { store, devices } = deps;

  async function dashboardConfig(userId: number): Promise<DashboardConfig> {
    return { ...DEFAULT_DASHBOARD_CONFIG, ...(await store.dashboardConfig(userId)) };
  }

  return {
    dashboardConfig,

    async saveDashboardConfig(userId: number, patch: DashboardConfigPatch): Promise<DashboardConfig> {
      const config = { ...(await dashboardConfig(userId)), ...patch };
      if (config.type === 'group') {
        if (config.iGWSGroupID === null) throw fail(400, 'groupNotFound');
        await knownGroup(devices, config.iGWSGroupID);
      }
      await store.saveDashboardConfig(userId, config);
      return config;
    },

    async map(userId: number): Promise<MapResponse> {
      const config = await dashboardConfig(userId);
      const chosen = new Set(config.iGWSHeartBeatIDs);
      const inScope = (d: Device) =>
        config.type === 'all' ||
        (config.type === 'group' && d.record.groupId === config.iGWSGroupID) ||
        (config.type === 'devices' && chosen.has(d.record.id));
      const list: MapDevice[] = [];
      let withoutLocation = 0;
      let numOnline = 0;
      let numOffline = 0;
      for (const device of devices.scan()) {
        if (!inScope(device)) continue;
        if (device.online) numOnline++;
        else numOffline++;
        const { latitude, longitude } = device.record;
        if (latitude === null || longitude === null) {
          withoutLocation++;
          continue;
        }
        list.push({
          id: device.record.id,
          label: mapLabel(device, config.contentType),
          latitude,
          longitude,
          online: device.online,
          status: statusLabel(device),
          ...mapColour(device, config.colorType),
          size: config.sizeType,
        });
      }
      return { config, list, withoutLocation, numOnline, numOffline };
    },
  };
}

function mapLabel(device: Device, content: DashboardConfig['contentType']): string {
  switch (content) {
    case 'name':
      return device.record.name;
    case 'ip':
      return device.record.ip;
    case 'imei':
      return device.cellular?.imei ?? '';
    case 'imsi':
      return device.cellular?.imsi ?? '';
  }
}

/** Colour level 0 (good) to 2 (bad), -1 for offline or unknown, with the value it stands for. */
function mapColour(
  device: Device,
  colour: DashboardConfig['colorType'],
): { colorLevel: number; colorValue: string } {
  const status = statusLabel(device);
  if (!device.online) return { colorLevel: -1, colorValue: status };
  if (colour === 'status') {
    const level = status === 'Runs Well' ? 0 : status === 'Alarm' ? 2 : 1;
    return { colorLevel: level, colorValue: status };
  }
  if (colour === 'signal') {
    const quality = device.heartbeat?.signal?.quality;
    if (!quality) return { colorLevel: -1, colorValue: '' };
    return { colorLevel: { excellent: 0, good: 1, poor: 2 }[quality], colorValue: quality };
  }
  const load = device.heartbeat?.load;
  if (!load) return { colorLevel: -1, colorValue: '' };
  return { colorLevel: { Low: 0, Medium: 1, High: 2 }[load], colorValue: load };
}
