/**
 * Pure reducers that fold live data (packages/protocol/src/live.ts) into cached answers: rows of a page of
 * the device list (by id), the map, a device dashboard.
 */
import type {
  DashboardConfig,
  DashboardSeries,
  DashboardSnapshot,
  DeviceDashboard,
  DeviceRow,
  InventoryListResponse,
  LivePoint,
  MapDevice,
  MapResponse,
  TrafficPoint,
} from '@edge/protocol';

/** What a 'devices' message carries (counts are fleet-wide and optional for local changes). */
export interface DevicesBatch {
  changed: DeviceRow[];
  removed: string[];
  numOnline?: number;
  numOffline?: number;
}

/**
 * A changed row replaces the cached one of the same id, a removed device's row goes; which rows a page holds
 * and in what order is the console's to say (it pushes subscribed pages, inventory/live.ts on the server).
 */
export function applyDevicesToPage(page: InventoryListResponse, batch: DevicesBatch): InventoryListResponse {
  const changed = new Map(batch.changed.map((r) => [r.id, r]));
  const removed = new Set(batch.removed);
  const list = page.list.filter((r) => !removed.has(r.id)).map((r) => changed.get(r.id) ?? r);
  return { ...page, list, totalNumber: Math.max(0, page.totalNumber - (page.list.length - list.length)) };
}

// ---------------------------------------------------------------------------------------------------------
// The map

export function mapLabel(row: DeviceRow, content: DashboardConfig['contentType']): string {
  switch (content) {
    case 'name':
      return row.name;
    case 'ip':
      return row.ip;
    case 'imei':
      return row.imei;
    case 'imsi':
      return row.imsi;
  }
}

/** The server's colour rule (0 good .. 2 bad, -1 offline or unknown), for rows that change live. */
export function mapColour(
  row: DeviceRow,
  colour: DashboardConfig['colorType'],
): Pick<MapDevice, 'colorLevel' | 'colorValue'> {
  if (!row.online) return { colorLevel: -1, colorValue: row.status };
  if (colour === 'status') {
    return {
      colorLevel: row.status === 'Runs Well' ? 0 : row.status === 'Alarm' ? 2 : 1,
      colorValue: row.status,
    };
  }
  if (colour === 'signal') {
    if (!row.signalQuality) return { colorLevel: -1, colorValue: '' };
    return {
      colorLevel: { excellent: 0, good: 1, poor: 2 }[row.signalQuality],
      colorValue: row.signalQuality,
    };
  }
  if (!row.loadLevel) return { colorLevel: -1, colorValue: '' };
  return { colorLevel: { Low: 0, Medium: 1, High: 2 }[row.loadLevel], colorValue: row.loadLevel };
}

const inMapScope = (row: DeviceRow, config: DashboardConfig) =>
  config.type === 'all' ||
  (config.type === 'group' && row.groupId === config.iGWSGroupID) ||
  (config.type === 'devices' && config.iGWSHeartBeatIDs.includes(row.id));

/** Folds a 'devices' batch into the cached map: markers move, recolour, appear and disappear. */
export function applyDevicesToMap(map: MapResponse, batch: DevicesBatch): MapResponse {
  const { config } = map;
  const removed = new Set(batch.removed);
  const changed = new Map(batch.changed.map((r) => [r.id, r]));
  let { numOnline, numOffline, withoutLocation } = map;
  const list: MapDevice[] = [];
  const toMarker = (row: DeviceRow): MapDevice => ({
    id: row.id,
    label: mapLabel(row, config.contentType),
    latitude: row.latitude!,
    longitude: row.longitude!,
    online: row.online,
    status: row.status,
    ...mapColour(row, config.colorType),
    size: config.sizeType,
  });
  const count = (online: boolean, by: number) => {
    if (online) numOnline += by;
    else numOffline += by;
  };

  for (const marker of map.list) {
    if (removed.has(marker.id)) {
      count(marker.online, -1);
      continue;
    }
    const row = changed.get(marker.id);
    changed.delete(marker.id);
    if (!row) {
      list.push(marker);
      continue;
    }
    count(marker.online, -1);
    if (!inMapScope(row, config)) continue;
    count(row.online, 1);
    if (row.latitude === null || row.longitude === null) withoutLocation++;
    else list.push(toMarker(row));
  }
  // Rows not drawn yet: new devices in scope, or ones that just moved into it. Without knowing their old
  // state the counts take the fleet-wide ones when the map shows the whole fleet.
  for (const row of changed.values()) {
    if (!inMapScope(row, config) || row.latitude === null || row.longitude === null) continue;
    list.push(toMarker(row));
  }
  if (config.type === 'all' && batch.numOnline !== undefined && batch.numOffline !== undefined) {
    numOnline = batch.numOnline;
    numOffline = batch.numOffline;
  }
  return {
    ...map,
    list,
    withoutLocation,
    numOnline: Math.max(0, numOnline),
    numOffline: Math.max(0, numOffline),
  };
}

// ---------------------------------------------------------------------------------------------------------
// The device dashboard

/** A 'devices' row of the dashboard's device: its row, status and online flag follow at once. */
export function applyRowToDashboard(dashboard: DeviceDashboard, row: DeviceRow): DeviceDashboard {
  return { ...dashboard, device: row, status: row.status, online: row.online };
}

/** Appends the newest sample to the series, keeping the window the series was read with. */
export function appendPoint(series: DashboardSeries, point: LivePoint): DashboardSeries {
  const window = Math.max(series.to - series.from, 60_000);
  const lastTime = series.system.at(-1)?.time ?? -Infinity;
  if (point.time <= lastTime) return series;
  const from = Math.max(series.from, point.time - window);
  const keep = <T extends { time: number }>(points: T[]) => points.filter((p) => p.time >= from);
  const traffic = {} as DashboardSeries['traffic'];
  const kinds = new Set([...Object.keys(series.traffic), ...Object.keys(point.traffic)]) as Set<
    keyof DashboardSeries['traffic']
  >;
  for (const kind of kinds) {
    const sample = point.traffic[kind];
    const next: TrafficPoint = { time: point.time, rx: sample?.rx ?? null, tx: sample?.tx ?? null };
    traffic[kind] = [...keep(series.traffic[kind] ?? []), next];
  }
  return {
    ...series,
    from,
    to: point.time,
    traffic,
    system: [...keep(series.system), { ...point.system, time: point.time }],
  };
}

/** A 'dashboard' message: the snapshot replaces the live figures, the point extends the charts. */
export function applySnapshot(
  dashboard: DeviceDashboard,
  snapshot: DashboardSnapshot,
  point: LivePoint | null,
): DeviceDashboard {
  return {
    ...dashboard,
    ...snapshot,
    device: {
      ...dashboard.device,
      status: snapshot.status,
      online: snapshot.online,
      upTime: snapshot.upTime,
    },
    series: point ? appendPoint(dashboard.series, point) : dashboard.series,
  };
}
