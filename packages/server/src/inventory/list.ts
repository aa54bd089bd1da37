/**
 * Filtering, sorting and paging of the inventory list, in memory over the registry: it already holds every
 * adopted device with its live state, so a page of 10,000 devices costs one pass over them (no copies, no
 * database round trip) and a sort of precomputed keys; the first pages keep only the best few in order.
 */
import type { DeviceSortKey, DeviceStatusLabel, LoadLevel, SignalQuality, SortOrder } from '@edge/protocol';
import { statusLabel, type DeviceDirectory, type LiveDevice } from '../devices/index.ts';

export interface ListFilter {
  modelID?: string;
  search?: string;
  groupId?: number;
  status?: DeviceStatusLabel;
  online?: boolean;
  signalQuality?: SignalQuality;
  loadLevel?: LoadLevel;
}

export interface ListRequest extends ListFilter {
  page: number;
  pageSize: number;
  sortBy: DeviceSortKey;
  order: SortOrder;
}

type Device = Readonly<LiveDevice>;

export interface ListResult {
  /** Ids of the devices of the page, in order. */
  page: string[];
  totalNumber: number;
  numOnline: number;
  numOffline: number;
}

const STATUS_RANK: Record<DeviceStatusLabel, number> = {
  'Runs Well': 0,
  Alarm: 1,
  Idle: 2,
  Unlock: 3,
  Lock: 4,
  'License Lock': 5,
  Offline: 6,
};
const LOAD_RANK: Record<LoadLevel, number> = { Low: 0, Medium: 1, High: 2 };
const SIGNAL_RANK: Record<SignalQuality, number> = { poor: 0, good: 1, excellent: 2 };

/** Dotted quads as one number, so 10.0.0.9 sorts before 10.0.0.10; anything else after every address. */
function ipKey(ip: string): number | null {
  const parts = ip.split('.');
  if (parts.length !== 4) return null;
  let n = 0;
  for (const part of parts) {
    const v = Number(part);
    if (!Number.isInteger(v) || v < 0 || v > 255 || part === '') return null;
    n = n * 256 + v;
  }
  return n;
}

type Key = string | number | null;

/**
 * Lower-cased names, per record object (a device's record is replaced, never changed, when its name
 * changes). A list request under a fleet's load ran its young-generation GC mostly on the 10,000 lower-cased
 * copies it made of the same names on every request.
 */
const lowerNames = new WeakMap<Device['record'], string>();
function lowerName(r: Device['record']): string {
  let name = lowerNames.get(r);
  if (name === undefined) lowerNames.set(r, (name = r.name.toLowerCase()));
  return name;
}

function sortKey(d: Device, by: DeviceSortKey, groupName: (id: number | null) => string): Key {
  const r = d.record;
  const signal = d.heartbeat?.signal;
  switch (by) {
    case 'name':
      return lowerName(r);
    case 'sn':
      return r.serial.toLowerCase();
    case 'status':
      return STATUS_RANK[statusLabel(d)];
    case 'ip':
      return ipKey(r.ip);
    case 'model':
      return r.model.toLowerCase();
    case 'group':
      return r.groupId === null ? null : groupName(r.groupId).toLowerCase();
    case 'firmware':
      return r.firmware.toLowerCase();
    case 'upTime':
      return d.online ? d.upTime : null;
    case 'lastSeen':
      return d.lastSeenAt;
    case 'load':
      return d.heartbeat ? LOAD_RANK[d.heartbeat.load] : null;
    case 'signal':
      return signal ? SIGNAL_RANK[signal.quality] : null;
    case 'rsrp':
      return signal?.rsrp ?? null;
    case 'rsrq':
      return signal?.rsrq ?? null;
    case 'snr':
      return signal?.snr ?? null;
  }
}

function matchesSearch(d: Device, needle: string): boolean {
  const r = d.record;
  return (
    r.name.toLowerCase().includes(needle) ||
    r.serial.toLowerCase().includes(needle) ||
    r.ip.includes(needle) ||
    r.hostname.toLowerCase().includes(needle) ||
    r.mac.toLowerCase().includes(needle) ||
    (d.cellular !== null && (d.cellular.imei.includes(needle) || d.cellular.imsi.includes(needle)))
  );
}

/** Scope filters: what the online/offline counts are about. */
function inScope(d: Device, f: ListFilter, needle: string): boolean {
  if (f.modelID && d.record.model !== f.modelID) return false;
  if (f.groupId !== undefined && (d.record.groupId ?? 0) !== f.groupId) return false;
  return !needle || matchesSearch(d, needle);
}

/** State filters: narrow the list, not the counts. */
function inState(d: Device, f: ListFilter): boolean {
  if (f.status && statusLabel(d) !== f.status) return false;
  if (f.online !== undefined && d.online !== f.online) return false;
  if (f.signalQuality && d.heartbeat?.signal?.quality !== f.signalQuality) return false;
  if (f.loadLevel && d.heartbeat?.load !== f.loadLevel) return false;
  return true;
}

interface Entry {
  id: string;
  key: Key;
  name: string;
}

/** Pages this deep or less keep a short sorted list while scanning instead of sorting everything. */
const PARTIAL_SORT_LIMIT = 400;

export function listDevices(
  devices: Iterable<Device>,
  request: ListRequest,
  groupName: (id: number | null) => string,
): ListResult {
  const needle = request.search?.trim().toLowerCase() ?? '';
  const direction = request.order === 'desc' ? -1 : 1;
  const compare = (a: Entry, b: Entry): number => {
    // Devices without a value (no signal, never seen, ...) go last in either order.
    if (a.key !== b.key) {
      if (a.key === null) return 1;
      if (b.key === null) return -1;
      return (a.key < b.key ? -1 : 1) * direction;
    }
    if (a.name !== b.name) return a.name < b.name ? -1 : 1;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  };

  const start = (request.page - 1) * request.pageSize;
  const end = start + request.pageSize;
  const partial = end <= PARTIAL_SORT_LIMIT;
  let numOnline = 0;
  let numOffline = 0;
  let totalNumber = 0;
  const kept: Entry[] = [];
  // Most devices lose against the last one kept: they are compared as this one object, not a new one each.
  const candidate: Entry = { id: '', key: null, name: '' };
  for (const d of devices) {
    if (!inScope(d, request, needle)) continue;
    if (d.online) numOnline++;
    else numOffline++;
    if (!inState(d, request)) continue;
    totalNumber++;
    candidate.id = d.record.id;
    candidate.key = sortKey(d, request.sortBy, groupName);
    candidate.name = lowerName(d.record);
    if (!partial) {
      kept.push({ ...candidate });
      continue;
    }
    // Keep the first `end` entries in order: most entries lose to the last kept one and cost one comparison.
    if (kept.length === end && compare(candidate, kept[end - 1]!) >= 0) continue;
    const entry = { ...candidate };
    let lo = 0;
    let hi = kept.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compare(kept[mid]!, entry) <= 0) lo = mid + 1;
      else hi = mid;
    }
    kept.splice(lo, 0, entry);
    if (kept.length > end) kept.pop();
  }
  if (!partial) kept.sort(compare);
  return { page: kept.slice(start, end).map((e) => e.id), totalNumber, numOnline, numOffline };
}

/** Sort keys read from a device's record alone: the order they give holds while no record changes. */
const RECORD_KEYS: ReadonlySet<DeviceSortKey> = new Set(['name', 'sn', 'ip', 'model', 'firmware']);

const unfiltered = (f: ListFilter): boolean =>
  !f.modelID &&
  !f.search?.trim() &&
  f.groupId === undefined &&
  f.status === undefined &&
  f.online === undefined &&
  f.signalQuality === undefined &&
  f.loadLevel === undefined;

/**
 * The list with the whole fleet's order kept for the inventory screen's usual request (no filter, sorted by a
 * record's field): while no record changes (recordsVersion), a page is a slice of that order and the request
 * reads one flag per device for the counts. Walking every device's record, name and lower-cased name on each
 * request made it wait on memory: under a fleet's load those objects lie scattered over a large heap.
 */
export function fleetLister(fleet: Pick<DeviceDirectory, 'scan' | 'recordsVersion' | 'counts'>) {
  let kept: { version: number; sortBy: DeviceSortKey; order: SortOrder; ids: string[] } | undefined;
  return (request: ListRequest, groupName: (id: number | null) => string): ListResult => {
    const { sortBy, order } = request;
    if (!RECORD_KEYS.has(sortBy) || !unfiltered(request))
      return listDevices(fleet.scan(), request, groupName);
    const version = fleet.recordsVersion();
    if (kept?.version !== version || kept.sortBy !== sortBy || kept.order !== order) {
      const whole = { ...request, page: 1, pageSize: Number.MAX_SAFE_INTEGER };
      kept = { version, sortBy, order, ids: listDevices(fleet.scan(), whole, groupName).page };
    }
    const start = (request.page - 1) * request.pageSize;
    return {
      page: kept.ids.slice(start, start + request.pageSize),
      totalNumber: kept.ids.length,
      ...fleet.counts(),
    };
  };
}
