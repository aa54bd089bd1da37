/**
 * Pure reducers that fold live messages (packages/protocol/src/live.ts) into cached answers: a page of the
 * device list, the map, a device dashboard. The server does not filter rows per viewer: the browser merges
 * changed rows into what it shows (by id) and says when the page must be read again (re-sorted or refilled).
 */
import type {
  DashboardConfig,
  DashboardSeries,
  DashboardSnapshot,
  DeviceDashboard,
  DeviceRow,
  DeviceSortKey,
  DeviceStatusLabel,
  InventoryListResponse,
  LoadLevel,
  LivePoint,
  MapDevice,
  MapResponse,
  SignalQuality,
  SortOrder,
  TrafficPoint,
} from '@edge/protocol';

/** The parameters of GET /api/v1/inventory/list as the console sends them (DeviceListQuery, parsed). */
export interface DeviceListQuery {
  page: number;
  pageSize: number;
  search?: string;
  sortBy: DeviceSortKey;
  order: SortOrder;
  modelID?: string;
  /** 0: devices in no group. */
  groupId?: number;
  status?: DeviceStatusLabel;
  online?: boolean;
  signalQuality?: SignalQuality;
  loadLevel?: LoadLevel;
}

/** What a 'devices' message carries (counts are fleet-wide and optional for local changes). */
export interface DevicesBatch {
  changed: DeviceRow[];
  removed: string[];
  numOnline?: number;
  numOffline?: number;
}

export interface MergedPage {
  page: InventoryListResponse;
  /** The page may now be wrongly sorted, hold a row it should not, or miss one: read it again. */
  stale: boolean;
}

const includesText = (haystack: string, needle: string) => haystack.toLowerCase().includes(needle);

/** Does the row belong to the list this query asks for (every filter the server applies)? */
export function rowMatches(row: DeviceRow, query: DeviceListQuery): boolean {
  if (query.modelID && row.modelID !== query.modelID) return false;
  if (query.groupId !== undefined) {
    if (query.groupId === 0 ? row.groupId !== null : row.groupId !== query.groupId) return false;
  }
  if (query.status && row.status !== query.status) return false;
  if (query.online !== undefined && row.online !== query.online) return false;
  if (query.signalQuality && row.signalQuality !== query.signalQuality) return false;
  if (query.loadLevel && row.loadLevel !== query.loadLevel) return false;
  const search = query.search?.trim().toLowerCase();
  if (search) {
    const fields = [row.name, row.deviceName, row.sn, row.ip, row.mac, row.imei, row.imsi];
    if (!fields.some((f) => includesText(f, search))) return false;
  }
  return true;
}

/** The value the list is sorted by, as far as the browser can tell it changed. */
export function sortValue(row: DeviceRow, sortBy: DeviceSortKey): unknown {
  switch (sortBy) {
    case 'name':
      return row.name;
    case 'sn':
      return row.sn;
    case 'status':
      return row.status;
    case 'ip':
      return row.ip;
    case 'model':
      return row.modelID;
    case 'group':
      return row.groupName;
    case 'firmware':
      return row.firmware;
    case 'upTime':
      return row.upTime;
    case 'lastSeen':
      return row.lastSeen;
    case 'load':
      return row.loadLevel;
    case 'signal':
      return row.signalQuality;
    case 'rsrp':
    case 'rsrq':
    case 'snr':
      return row.rsrp;
  }
}

/** Filters whose answer changes as devices report (a row may enter the list without having been on it). */
const hasLiveFilter = (q: DeviceListQuery) =>
  q.status !== undefined || q.online !== undefined || q.signalQuality !== undefined || q.loadLevel !== undefined;
const hasAnyFilter = (q: DeviceListQuery) =>
  hasLiveFilter(q) || !!q.search?.trim() || !!q.modelID || q.groupId !== undefined;

/** Folds a 'devices' batch into one cached page of GET /api/v1/inventory/list. */
export function applyDevicesToPage(page: InventoryListResponse, query: DeviceListQuery, batch: DevicesBatch): MergedPage {
  const changed = new Map(batch.changed.map((r) => [r.id, r]));
  const removed = new Set(batch.removed);
  const sortBy = query.sortBy ?? 'name';
  let stale = false;
  let numOnline = page.numOnline;
  let numOffline = page.numOffline;
  let removedHere = 0;
  const list: DeviceRow[] = [];

  for (const row of page.list) {
    if (removed.has(row.id)) {
      removedHere++;
      if (row.online) numOnline--;
      else numOffline--;
      stale = true; // the next row moves up into this page
      continue;
    }
    const next = changed.get(row.id);
    if (!next) {
      list.push(row);
      continue;
    }
    if (next.online !== row.online) {
      numOnline += next.online ? 1 : -1;
      numOffline += next.online ? -1 : 1;
    }
    if (!rowMatches(next, query) || sortValue(next, sortBy) !== sortValue(row, sortBy)) stale = true;
    list.push(next);
  }

  const onPage = new Set(page.list.map((r) => r.id));
  const outside = batch.changed.filter((r) => !onPage.has(r.id) && rowMatches(r, query));
  // A matching row from elsewhere may have just joined the list (its filtered values changed), or be new.
  if (outside.length > 0 && (hasLiveFilter(query) || page.list.length < query.pageSize)) stale = true;

  // Fleet-wide counts describe an unfiltered list exactly; a new or removed device changes its total.
  if (!hasAnyFilter(query) && batch.numOnline !== undefined && batch.numOffline !== undefined) {
    numOnline = batch.numOnline;
    numOffline = batch.numOffline;
    if (numOnline + numOffline !== page.totalNumber) stale = true;
  }
  const totalNumber = hasAnyFilter(query) ? Math.max(0, page.totalNumber - removedHere) : Math.max(0, numOnline + numOffline);

  return {
    page: { ...page, list, totalNumber, numOnline: Math.max(0, numOnline), numOffline: Math.max(0, numOffline) },
    stale,
  };
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
export function mapColour(row: DeviceRow, colour: DashboardConfig['colorType']): Pick<MapDevice, 'colorLevel' | 'colorValue'> {
  if (!row.online) return { colorLevel: -1, colorValue: row.status };
  if (colour === 'status') {
    return { colorLevel: row.status === 'Runs Well' ? 0 : row.status === 'Alarm' ? 2 : 1, colorValue: row.status };
  }
  if (colour === 'signal') {
    if (!row.signalQuality) return { colorLevel: -1, colorValue: '' };
    return { colorLevel: { excellent: 0, good: 1, poor: 2 }[row.signalQuality], colorValue: row.signalQuality };
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
  return { ...map, list, withoutLocation, numOnline: Math.max(0, numOnline), numOffline: Math.max(0, numOffline) };
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
    device: { ...dashboard.device, status: snapshot.status, online: snapshot.online, upTime: snapshot.upTime },
    series: point ? appendPoint(dashboard.series, point) : dashboard.series,
  };
}
