/**
 * The inventory's live channels (protocol LIVE_CHANNELS): changed rows with the fleet's counts, pages of the
 * device list for the queries browsers show, and the dashboard of a device.
 * A heartbeat only counts as a row change when something a row shows as a word changed (load level, signal
 * quality); its numbers (uptime, CPU) reach the list on the next read and the dashboard live.
 * List pages are computed here, by the same code as GET list, whenever a batch changed rows: which devices a
 * page holds and in what order is decided in one place, never guessed by the browser.
 * A subscribed device's dashboard goes out at most once per LIVE_DEVICE_MIN_INTERVAL_MS.
 */
import {
  LIVE_BATCH_MS,
  LIVE_CHANNELS,
  LIVE_DEVICE_MIN_INTERVAL_MS,
  LIVE_MAX_BATCH_ROWS,
  canView,
  inventoryListQuery,
  type InventoryListResponse,
  type LiveDashboard,
  type LiveDevices,
} from '@edge/protocol';
import type { BusLog } from '../gateway/index.ts';
import type { DeviceChange, DeviceServices } from '../devices/index.ts';
import type { LiveHub } from '../live/hub.ts';
import { everyBatch } from '../live/batch.ts';
import type { InventoryService } from './service.ts';
import { pointOf, snapshotOf } from './present.ts';

/** Lets the heartbeat and the telemetry of one report travel in one snapshot. */
const SNAPSHOT_SETTLE_MS = 100;
/** What GET list and GET dashboard declare (routes.ts): the same data, pushed. */
const need = [canView('Inventory')];

export interface InventoryLiveDeps {
  hub: LiveHub;
  devices: DeviceServices['devices'];
  inventory: InventoryService;
  log: BusLog;
  batchMs?: number;
  deviceIntervalMs?: number;
}

const parseListKey = (key: string) =>
  inventoryListQuery.safeParse(Object.fromEntries(new URLSearchParams(key)));

export function inventoryChannels(deps: InventoryLiveDeps): () => void {
  const { hub, devices, inventory } = deps;
  const deviceIntervalMs = deps.deviceIntervalMs ?? LIVE_DEVICE_MIN_INTERVAL_MS;

  const dirty = new Set<string>();
  const removed = new Set<string>();
  /** Adopted devices we know of: only their removal is news to the list. */
  const known = new Set(Array.from(devices.scan(), (d) => d.record.id));
  /** Words of the last heartbeat per device (load level, signal quality). */
  const heartbeatWords = new Map<string, string>();
  const lastSnapshot = new Map<string, number>();
  const snapshotTimers = new Map<string, NodeJS.Timeout>();
  /** Per list key, the page last sent (as JSON): an unchanged page is not sent again. */
  const lastPages = new Map<string, string>();

  const counts = () => ({ ...devices.counts(), at: Date.now() });
  const rowsFeed = hub.register({
    name: LIVE_CHANNELS.devices,
    need,
    refuseKey: (key) => (key === '' ? null : 'invalidRequest'),
    snapshot: (): LiveDevices => ({ changed: [], removed: [], ...counts() }),
  });

  async function page(key: string): Promise<InventoryListResponse | undefined> {
    const query = parseListKey(key);
    return query.success ? inventory.list(query.data) : undefined;
  }
  const listFeed = hub.register({
    name: LIVE_CHANNELS.list,
    need,
    refuseKey: (key) => (parseListKey(key).success ? null : 'invalidRequest'),
    snapshot: async (key) => {
      const first = await page(key);
      if (first) lastPages.set(key, JSON.stringify(first));
      return first;
    },
    replaceable: true,
    watching: (key, watched) => void (watched || lastPages.delete(key)),
  });

  const dashboardOf = (id: string): LiveDashboard | undefined => {
    const view = devices.get(id);
    return view && { snapshot: snapshotOf(view), point: pointOf(view) };
  };
  const dashboardFeed = hub.register({
    name: LIVE_CHANNELS.dashboard,
    need,
    refuseKey: (key) => (devices.get(key) ? null : 'deviceNotFound'),
    snapshot: dashboardOf,
    replaceable: true,
    watching: (key, watched) => {
      if (watched) return;
      clearTimeout(snapshotTimers.get(key));
      snapshotTimers.delete(key);
    },
  });

  function sendSnapshot(id: string): void {
    snapshotTimers.delete(id);
    const data = dashboardOf(id);
    if (!data || !dashboardFeed.watched(id)) return;
    lastSnapshot.set(id, Date.now());
    dashboardFeed.push(id, data);
  }

  function scheduleSnapshot(id: string): void {
    if (snapshotTimers.has(id) || !dashboardFeed.watched(id)) return;
    const wait = Math.max(SNAPSHOT_SETTLE_MS, (lastSnapshot.get(id) ?? 0) + deviceIntervalMs - Date.now());
    const timer = setTimeout(() => sendSnapshot(id), wait);
    timer.unref();
    snapshotTimers.set(id, timer);
  }

  function onChange(change: DeviceChange): void {
    const id = change.deviceId;
    switch (change.type) {
      case 'online':
      case 'offline':
        dirty.add(id);
        scheduleSnapshot(id);
        break;
      case 'state':
        known.add(id);
        removed.delete(id);
        dirty.add(id);
        scheduleSnapshot(id);
        break;
      case 'heartbeat': {
        const words = `${change.heartbeat.load}|${change.heartbeat.signal?.quality ?? ''}`;
        if (heartbeatWords.get(id) !== words) {
          if (heartbeatWords.has(id)) dirty.add(id);
          heartbeatWords.set(id, words);
        }
        scheduleSnapshot(id);
        break;
      }
      case 'telemetry':
        scheduleSnapshot(id);
        break;
      case 'removed':
        if (known.delete(id)) removed.add(id);
        dirty.delete(id);
        heartbeatWords.delete(id);
        lastSnapshot.delete(id);
        break;
      case 'discovered':
      case 'event':
        break;
    }
  }

  async function pushPages(): Promise<void> {
    for (const key of listFeed.keys()) {
      const next = await page(key);
      const text = JSON.stringify(next);
      if (!next || lastPages.get(key) === text || !listFeed.watched(key)) continue;
      lastPages.set(key, text);
      listFeed.push(key, next);
    }
  }

  async function flush(): Promise<void> {
    if (dirty.size === 0 && removed.size === 0) return;
    const ids = [...dirty];
    const gone = [...removed];
    dirty.clear();
    removed.clear();
    if (rowsFeed.watched('')) {
      const truncated = ids.length > LIVE_MAX_BATCH_ROWS;
      rowsFeed.push('', {
        changed: truncated ? [] : await inventory.rows(ids),
        removed: gone,
        ...counts(),
        ...(truncated && { truncated }),
      } satisfies LiveDevices);
    }
    await pushPages();
  }

  const stopChanges = devices.onChange(onChange);
  const stopRows = inventory.onRowsChanged((ids) => ids.forEach((id) => dirty.add(id)));
  const stopBatches = everyBatch(deps.batchMs ?? LIVE_BATCH_MS, flush, deps.log);
  return () => {
    stopBatches();
    stopChanges();
    stopRows();
    for (const timer of snapshotTimers.values()) clearTimeout(timer);
    snapshotTimers.clear();
  };
}
