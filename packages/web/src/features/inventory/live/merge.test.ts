import { describe, expect, it } from 'vitest';
import type {
  DashboardSeries,
  DeviceDashboard,
  DeviceRow,
  InventoryListResponse,
  MapResponse,
} from '@edge/protocol';
import { DEFAULT_DASHBOARD_CONFIG } from '@edge/protocol';
import { appendPoint, applyDevicesToMap, applyDevicesToPage, applySnapshot } from './merge.ts';

function row(n: number, patch: Partial<DeviceRow> = {}): DeviceRow {
  const id = `dev${String(n).padStart(13, '0')}`;
  return {
    id,
    iGWSHeartBeatID: id,
    modelID: 'EG-500',
    name: `Device ${n}`,
    deviceName: `host-${n}`,
    status: 'Runs Well',
    upTime: 1000 * n,
    latitude: 25 + n,
    longitude: 121,
    sn: `DEMO-${String(n).padStart(6, '0')}`,
    ip: `10.0.0.${n}`,
    mac: `02:00:00:00:00:${String(n).padStart(2, '0')}`,
    imei: '',
    imsi: '',
    groupId: null,
    groupName: '',
    signalQuality: null,
    rsrp: null,
    loadLevel: 'Low',
    cpuUsage: 10,
    firmware: '1.0.0',
    profile: '',
    lastSeen: 1_700_000_000_000,
    secureMode: 'Unsupported',
    secureModeReported: 'Unsupported',
    secureModePending: false,
    online: true,
    idle: false,
    alarms: [],
    capabilities: [],
    reportInterval: 5,
    adoptedAt: 1_700_000_000_000,
    ...patch,
  };
}

const page = (rows: DeviceRow[], total = 12, online = 12): InventoryListResponse => ({
  list: rows,
  totalNumber: total,
  numOnline: online,
  numOffline: total - online,
  page: 1,
  pageSize: 3,
});

describe("applyDevicesToPage (changed rows into a cached page; its membership and order are the console's)", () => {
  it('replaces changed rows by id, in place, and adds none', () => {
    const cached = page([row(1), row(2), row(3)]);
    const offline = row(2, { online: false, status: 'Offline' });
    const next = applyDevicesToPage(cached, {
      changed: [offline, row(9, { online: false, status: 'Offline' })],
      removed: [],
      numOnline: 10,
      numOffline: 2,
    });
    expect(next.list.map((r) => r.id)).toEqual(cached.list.map((r) => r.id));
    expect(next.list[1]).toBe(offline);
    expect(next.list[0]).toBe(cached.list[0]);
    expect(next).toMatchObject({ numOnline: 12, numOffline: 0, totalNumber: 12 });
  });

  it('does not touch the cached page object', () => {
    const cached = page([row(1), row(2), row(3)]);
    const copy = structuredClone(cached);
    applyDevicesToPage(cached, { changed: [row(1, { name: 'Zed' })], removed: [row(2).id] });
    expect(cached).toEqual(copy);
  });

  it('drops removed rows and counts them out of the total', () => {
    const cached = page([row(1), row(2), row(3)], 12, 12);
    const next = applyDevicesToPage(cached, { changed: [], removed: [row(2).id] });
    expect(next.list.map((r) => r.sn)).toEqual(['DEMO-000001', 'DEMO-000003']);
    expect(next.totalNumber).toBe(11);
  });
});

describe('applyDevicesToMap', () => {
  const map: MapResponse = {
    config: DEFAULT_DASHBOARD_CONFIG,
    list: [
      {
        id: row(1).id,
        label: 'Device 1',
        latitude: 26,
        longitude: 121,
        online: true,
        status: 'Runs Well',
        colorLevel: 0,
        colorValue: 'Runs Well',
        size: 'medium',
      },
    ],
    withoutLocation: 0,
    numOnline: 1,
    numOffline: 0,
  };

  it('recolours a marker that goes offline and adds new located devices', () => {
    const next = applyDevicesToMap(map, {
      changed: [row(1, { online: false, status: 'Offline' }), row(2)],
      removed: [],
      numOnline: 1,
      numOffline: 1,
    });
    expect(next.list).toHaveLength(2);
    expect(next.list[0]).toMatchObject({ online: false, status: 'Offline', colorLevel: -1 });
    expect(next.list[1]).toMatchObject({ label: 'Device 2', colorLevel: 0 });
    expect(next).toMatchObject({ numOnline: 1, numOffline: 1 });
  });

  it('removes deleted devices', () => {
    expect(applyDevicesToMap(map, { changed: [], removed: [row(1).id] }).list).toEqual([]);
  });
});

describe('live dashboard points', () => {
  const series: DashboardSeries = {
    resolution: 'raw',
    from: 0,
    to: 60_000,
    traffic: {
      ethernet: [{ time: 10_000, rx: 1, tx: 2 }],
      wifi: [],
      cellular: [],
      controlPlane: [],
      dataPlane: [],
    },
    system: [
      { time: 10_000, cpuUsage: 5, memoryUsage: 1, diskUsage: 1, cpuTemp: 40, fanSpeed: null, clients: 1 },
    ],
  };
  const point = {
    time: 70_000,
    traffic: {
      ethernet: { rx: 3, tx: 4 },
      wifi: { rx: 0, tx: 0 },
      cellular: { rx: 0, tx: 0 },
      controlPlane: { rx: 0.1, tx: 0.2 },
      dataPlane: { rx: 0.3, tx: 0.4 },
    },
    system: {
      time: 70_000,
      cpuUsage: 9,
      memoryUsage: 2,
      diskUsage: 2,
      cpuTemp: 41,
      fanSpeed: null,
      clients: 2,
    },
  };

  it('appends the point to every series and slides the window', () => {
    const next = appendPoint(series, point);
    expect(next.traffic.ethernet).toEqual([
      { time: 10_000, rx: 1, tx: 2 },
      { time: 70_000, rx: 3, tx: 4 },
    ]);
    expect(next.traffic.controlPlane).toEqual([{ time: 70_000, rx: 0.1, tx: 0.2 }]);
    expect(next.system.map((p) => p.cpuUsage)).toEqual([5, 9]);
    expect(next.to).toBe(70_000);
    expect(next.from).toBe(10_000);
    // A point the series already has is not added twice.
    expect(appendPoint(next, point)).toBe(next);
  });

  it('applies a snapshot: figures, status and the series', () => {
    const dashboard = {
      device: row(1),
      series,
      status: 'Runs Well',
      online: true,
      upTime: 100,
    } as unknown as DeviceDashboard;
    const snapshot = {
      ...dashboard,
      status: 'Offline',
      online: false,
      upTime: 0,
    } as unknown as DeviceDashboard;
    const next = applySnapshot(dashboard, snapshot, point);
    expect(next).toMatchObject({ status: 'Offline', online: false, upTime: 0 });
    expect(next.device).toMatchObject({ status: 'Offline', online: false, upTime: 0 });
    expect(next.series.system).toHaveLength(2);
  });
});
