import { describe, expect, it } from 'vitest';
import type { DashboardSeries, DeviceDashboard, DeviceRow, InventoryListResponse, MapResponse } from '@edge/protocol';
import { DEFAULT_DASHBOARD_CONFIG } from '@edge/protocol';
import {
  appendPoint,
  applyDevicesToMap,
  applyDevicesToPage,
  applySnapshot,
  rowMatches,
  type DeviceListQuery,
} from './merge.ts';

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

const query = (patch: Partial<DeviceListQuery> = {}): DeviceListQuery => ({
  page: 1,
  pageSize: 3,
  sortBy: 'name',
  order: 'asc',
  ...patch,
});

const page = (rows: DeviceRow[], total = 12, online = 12): InventoryListResponse => ({
  list: rows,
  totalNumber: total,
  numOnline: online,
  numOffline: total - online,
  page: 1,
  pageSize: 3,
});

describe('applyDevicesToPage (a live "devices" batch into a cached page)', () => {
  it('replaces changed rows by id, in place, and takes the fleet counts', () => {
    const cached = page([row(1), row(2), row(3)]);
    const offline = row(2, { online: false, status: 'Offline' });
    const { page: next, stale } = applyDevicesToPage(cached, query(), {
      changed: [offline, row(9, { online: false, status: 'Offline' })],
      removed: [],
      numOnline: 10,
      numOffline: 2,
    });
    expect(next.list.map((r) => r.id)).toEqual(cached.list.map((r) => r.id));
    expect(next.list[1]).toBe(offline);
    expect(next.list[0]).toBe(cached.list[0]);
    expect(next).toMatchObject({ numOnline: 10, numOffline: 2, totalNumber: 12 });
    expect(stale).toBe(false);
  });

  it('does not touch the cached page object', () => {
    const cached = page([row(1), row(2), row(3)]);
    const copy = structuredClone(cached);
    applyDevicesToPage(cached, query(), { changed: [row(1, { name: 'Zed' })], removed: [row(2).id] });
    expect(cached).toEqual(copy);
  });

  it('asks for a re-read when a change moves a row in the sort order', () => {
    const cached = page([row(1), row(2), row(3)]);
    const renamed = applyDevicesToPage(cached, query(), { changed: [row(1, { name: 'Zed' })], removed: [] });
    expect(renamed.page.list[0]!.name).toBe('Zed');
    expect(renamed.stale).toBe(true);
    // The same change is harmless when the list is sorted by something else.
    expect(applyDevicesToPage(cached, query({ sortBy: 'sn' }), { changed: [row(1, { name: 'Zed' })], removed: [] }).stale).toBe(false);
  });

  it('asks for a re-read when a row leaves the filtered list, and keeps it until then', () => {
    const cached = page([row(1), row(2)], 2, 2);
    const q = query({ status: 'Runs Well' });
    const merged = applyDevicesToPage(cached, q, { changed: [row(2, { status: 'Alarm' })], removed: [] });
    expect(merged.stale).toBe(true);
    expect(merged.page.list).toHaveLength(2);
  });

  it('asks for a re-read when a row from elsewhere may join a filtered list', () => {
    const cached = page([row(1)], 1, 1);
    const q = query({ status: 'Alarm' });
    expect(applyDevicesToPage(cached, q, { changed: [row(5, { status: 'Alarm' })], removed: [] }).stale).toBe(true);
    expect(applyDevicesToPage(cached, q, { changed: [row(5, { status: 'Idle' })], removed: [] }).stale).toBe(false);
  });

  it('drops removed rows, counts them out and refills the page', () => {
    const cached = page([row(1), row(2), row(3)], 12, 12);
    const merged = applyDevicesToPage(cached, query({ groupId: undefined, search: 'device' }), {
      changed: [],
      removed: [row(2).id],
    });
    expect(merged.page.list.map((r) => r.sn)).toEqual(['DEMO-000001', 'DEMO-000003']);
    expect(merged.page.totalNumber).toBe(11);
    expect(merged.page.numOnline).toBe(11);
    expect(merged.stale).toBe(true);
  });

  it('notices a new device through the fleet counts of an unfiltered list', () => {
    const cached = page([row(1), row(2), row(3)], 12, 12);
    const merged = applyDevicesToPage(cached, query(), { changed: [row(13)], removed: [], numOnline: 13, numOffline: 0 });
    expect(merged.page.totalNumber).toBe(13);
    expect(merged.stale).toBe(true);
  });

  it('adjusts the counts of a filtered list by the rows it shows', () => {
    const cached = page([row(1, { groupId: 4 }), row(2, { groupId: 4 })], 2, 2);
    const merged = applyDevicesToPage(cached, query({ groupId: 4 }), {
      changed: [row(1, { groupId: 4, online: false, status: 'Offline' })],
      removed: [],
      numOnline: 7,
      numOffline: 5,
    });
    expect(merged.page).toMatchObject({ numOnline: 1, numOffline: 1, totalNumber: 2 });
    expect(merged.stale).toBe(false);
  });
});

describe('rowMatches', () => {
  it('applies group (0 = ungrouped), status, online and search like the server', () => {
    expect(rowMatches(row(1), query({ groupId: 0 }))).toBe(true);
    expect(rowMatches(row(1, { groupId: 3 }), query({ groupId: 0 }))).toBe(false);
    expect(rowMatches(row(1, { groupId: 3 }), query({ groupId: 3 }))).toBe(true);
    expect(rowMatches(row(1), query({ online: false }))).toBe(false);
    expect(rowMatches(row(1), query({ search: 'demo-000001' }))).toBe(true);
    expect(rowMatches(row(1), query({ search: '10.0.0.1' }))).toBe(true);
    expect(rowMatches(row(1), query({ search: 'nope' }))).toBe(false);
  });
});

describe('applyDevicesToMap', () => {
  const map: MapResponse = {
    config: DEFAULT_DASHBOARD_CONFIG,
    list: [
      { id: row(1).id, label: 'Device 1', latitude: 26, longitude: 121, online: true, status: 'Runs Well', colorLevel: 0, colorValue: 'Runs Well', size: 'medium' },
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
    system: [{ time: 10_000, cpuUsage: 5, memoryUsage: 1, diskUsage: 1, cpuTemp: 40, fanSpeed: null, clients: 1 }],
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
    system: { time: 70_000, cpuUsage: 9, memoryUsage: 2, diskUsage: 2, cpuTemp: 41, fanSpeed: null, clients: 2 },
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
    const dashboard = { device: row(1), series, status: 'Runs Well', online: true, upTime: 100 } as unknown as DeviceDashboard;
    const snapshot = { ...dashboard, status: 'Offline', online: false, upTime: 0 } as unknown as DeviceDashboard;
    const next = applySnapshot(dashboard, snapshot, point);
    expect(next).toMatchObject({ status: 'Offline', online: false, upTime: 0 });
    expect(next.device).toMatchObject({ status: 'Offline', online: false, upTime: 0 });
    expect(next.series.system).toHaveLength(2);
  });
});
