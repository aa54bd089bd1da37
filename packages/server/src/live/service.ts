/**
 * Live updates for browsers (protocol/src/live.ts). Device changes are coalesced before they leave:
 * list changes are collected and sent as one batch every LIVE_BATCH_MS to every browser (serialised once),
 * and a subscribed device's dashboard snapshot goes out at most once per LIVE_DEVICE_MIN_INTERVAL_MS, so
 * 10,000 devices reporting every few seconds cannot flood a browser.
 * A heartbeat only counts as a list change when something a row shows as a word changed (load level,
 * signal quality); its numbers (uptime, CPU) reach the list on the next fetch and the dashboard live.
 * Section state changes (config/section-changes.ts, from whichever replica made them) go out as they come,
 * to the browsers subscribed to that device's settings: they are few, and every step of an apply counts.
 */
import {
  LIVE_BATCH_MS,
  LIVE_DEVICE_MIN_INTERVAL_MS,
  LIVE_MAX_BATCH_ROWS,
  LIVE_MAX_SUBSCRIPTIONS,
  liveClientMessage,
  messages,
  type LiveServerMessage,
} from '@edge/protocol';
import type { BusLog } from '../gateway/index.ts';
import type { SectionChanges } from '../config/index.ts';
import type { DeviceChange, DeviceServices } from '../devices/index.ts';
import type { InventoryService } from '../inventory/service.ts';
import { pointOf, snapshotOf } from '../inventory/present.ts';

/** What the hub needs of a browser connection (a `ws` WebSocket in production). */
export interface LiveSocket {
  send(text: string): void;
  close(code: number, reason: string): void;
  readonly bufferedAmount: number;
}

export interface LiveClient {
  socket: LiveSocket;
  /** May see the Discovery list (Provision view). */
  seesDiscovery: boolean;
  subscriptions: Set<string>;
  /** Devices whose section states it receives. */
  settings: Set<string>;
  /** Whether the caller may see settings state right now (asked again on every settings subscription). */
  maySeeSettings: () => Promise<boolean>;
  /** Its messages, handled one after another (a permission check may wait). */
  queue: Promise<void>;
}

/** A browser that does not read: snapshots are skipped above this, the connection closed far above. */
const SKIP_SNAPSHOTS_ABOVE = 1024 * 1024;
const CLOSE_ABOVE = 16 * 1024 * 1024;
/** Lets the heartbeat and the telemetry of one report travel in one snapshot. */
const SNAPSHOT_SETTLE_MS = 100;

export interface LiveDeps {
  devices: DeviceServices['devices'];
  enrolment: DeviceServices['enrolment'];
  inventory: InventoryService;
  sectionChanges: SectionChanges;
  log: BusLog;
  batchMs?: number;
  deviceIntervalMs?: number;
}

export function liveHub(deps: LiveDeps) {
  const { devices, enrolment, inventory, log } = deps;
  const batchMs = deps.batchMs ?? LIVE_BATCH_MS;
  const deviceIntervalMs = deps.deviceIntervalMs ?? LIVE_DEVICE_MIN_INTERVAL_MS;

  const clients = new Set<LiveClient>();
  const subscribers = new Map<string, Set<LiveClient>>();
  const settingsSubscribers = new Map<string, Set<LiveClient>>();
  const dirty = new Set<string>();
  const removed = new Set<string>();
  let discoveryDirty = false;
  /** Adopted devices we know of: a state change of another one is an adoption (Discovery changed). */
  const known = new Set(Array.from(devices.scan(), (d) => d.record.id));
  /** Words of the last heartbeat per device (load level, signal quality). */
  const heartbeatWords = new Map<string, string>();
  const lastSnapshot = new Map<string, number>();
  const snapshotTimers = new Map<string, NodeJS.Timeout>();

  function send(client: LiveClient, text: string): void {
    if (client.socket.bufferedAmount > CLOSE_ABOVE) {
      client.socket.close(1013, 'too slow');
      return;
    }
    try {
      client.socket.send(text);
    } catch (err) {
      log.warn({ err }, 'live update not sent');
    }
  }
  const encode = (message: LiveServerMessage) => JSON.stringify(message);

  function sendSnapshot(deviceId: string): void {
    snapshotTimers.delete(deviceId);
    const watching = subscribers.get(deviceId);
    const view = devices.get(deviceId);
    if (!watching || watching.size === 0 || !view) return;
    lastSnapshot.set(deviceId, Date.now());
    const text = encode({ type: 'dashboard', deviceId, snapshot: snapshotOf(view), point: pointOf(view) });
    for (const client of watching)
      if (client.socket.bufferedAmount <= SKIP_SNAPSHOTS_ABOVE) send(client, text);
  }

  function scheduleSnapshot(deviceId: string): void {
    if (snapshotTimers.has(deviceId) || !subscribers.get(deviceId)?.size) return;
    const wait = Math.max(
      SNAPSHOT_SETTLE_MS,
      (lastSnapshot.get(deviceId) ?? 0) + deviceIntervalMs - Date.now(),
    );
    const timer = setTimeout(() => sendSnapshot(deviceId), wait);
    timer.unref();
    snapshotTimers.set(deviceId, timer);
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
        if (!known.has(id)) {
          known.add(id);
          discoveryDirty = true;
        }
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
      case 'discovered':
        discoveryDirty = true;
        break;
      case 'removed':
        if (known.delete(id)) removed.add(id);
        dirty.delete(id);
        heartbeatWords.delete(id);
        lastSnapshot.delete(id);
        discoveryDirty = true;
        break;
      case 'event':
        break;
    }
  }

  async function flushBatch(): Promise<void> {
    if (clients.size === 0) {
      dirty.clear();
      removed.clear();
      discoveryDirty = false;
      return;
    }
    if (dirty.size > 0 || removed.size > 0) {
      const ids = [...dirty];
      const gone = [...removed];
      dirty.clear();
      removed.clear();
      const truncated = ids.length > LIVE_MAX_BATCH_ROWS;
      const text = encode({
        type: 'devices',
        changed: truncated ? [] : await inventory.rows(ids),
        removed: gone,
        ...devices.counts(),
        at: Date.now(),
        ...(truncated && { truncated }),
      });
      for (const client of clients) send(client, text);
    }
    if (discoveryDirty) {
      discoveryDirty = false;
      const watching = [...clients].filter((c) => c.seesDiscovery);
      if (watching.length > 0) {
        const text = encode({ type: 'discovery', waiting: (await enrolment.listDiscovery()).length });
        for (const client of watching) send(client, text);
      }
    }
  }

  const stopChanges = devices.onChange(onChange);
  const stopSettings = deps.sectionChanges.on((deviceId, section) => {
    const watching = settingsSubscribers.get(deviceId);
    if (!watching?.size) return;
    const text = encode({ type: 'settings', deviceId, section });
    for (const client of watching) send(client, text);
  });
  const stopRows = inventory.onRowsChanged((ids) => ids.forEach((id) => dirty.add(id)));
  let flushing = false;
  const batchTimer = setInterval(() => {
    if (flushing) return;
    flushing = true;
    flushBatch()
      .catch((err: unknown) => log.error({ err }, 'live batch failed'))
      .finally(() => (flushing = false));
  }, batchMs);
  batchTimer.unref();

  /** Adds the client to a device's watchers; false when it already watches LIVE_MAX_SUBSCRIPTIONS devices. */
  function watch(
    client: LiveClient,
    own: Set<string>,
    index: Map<string, Set<LiveClient>>,
    id: string,
  ): boolean {
    if (own.size >= LIVE_MAX_SUBSCRIPTIONS) return false;
    own.add(id);
    let set = index.get(id);
    if (!set) index.set(id, (set = new Set()));
    set.add(client);
    return true;
  }

  function unwatch(
    client: LiveClient,
    own: Set<string>,
    index: Map<string, Set<LiveClient>>,
    ids: Iterable<string>,
  ): void {
    for (const id of ids) {
      own.delete(id);
      const set = index.get(id);
      set?.delete(client);
      if (set?.size === 0) index.delete(id);
    }
  }

  const unsubscribe = (client: LiveClient, ids: Iterable<string>) =>
    unwatch(client, client.subscriptions, subscribers, ids);

  async function subscribeSettings(client: LiveClient, ids: string[]): Promise<void> {
    const allowed = await client.maySeeSettings().catch(() => false);
    // Closed while its permission was looked at: nothing to add it to.
    if (!clients.has(client)) return;
    if (!allowed) {
      send(client, encode({ type: 'error', err_message: messages.forbidden, err_code: 'forbidden' }));
      return;
    }
    for (const id of ids)
      if (
        devices.get(id) &&
        !client.settings.has(id) &&
        !watch(client, client.settings, settingsSubscribers, id)
      )
        break;
  }

  async function receive(client: LiveClient, text: string): Promise<void> {
    let parsed;
    try {
      parsed = liveClientMessage.safeParse(JSON.parse(text));
    } catch {
      parsed = null;
    }
    if (!parsed?.success) {
      send(
        client,
        encode({ type: 'error', err_message: messages.invalidRequest, err_code: 'invalidRequest' }),
      );
      return;
    }
    const message = parsed.data;
    if ('ping' in message) {
      send(client, encode({ type: 'pong', ping: message.ping }));
    } else if ('subscribeSettings' in message) {
      await subscribeSettings(client, message.subscribeSettings);
    } else if ('unsubscribeSettings' in message) {
      unwatch(client, client.settings, settingsSubscribers, message.unsubscribeSettings);
    } else if ('subscribe' in message) {
      for (const id of message.subscribe) {
        const view = devices.get(id);
        if (!view || client.subscriptions.has(id)) continue;
        if (!watch(client, client.subscriptions, subscribers, id)) break;
        // The current state at once; later ones at the device's pace.
        send(
          client,
          encode({ type: 'dashboard', deviceId: id, snapshot: snapshotOf(view), point: pointOf(view) }),
        );
      }
    } else {
      unsubscribe(client, message.all ? [...client.subscriptions] : message.unsubscribe);
    }
  }

  return {
    /** A browser connected; returns what to call with its messages and when it closes. */
    connect(socket: LiveSocket, opts: { seesDiscovery: boolean; maySeeSettings: () => Promise<boolean> }) {
      const client: LiveClient = {
        socket,
        seesDiscovery: opts.seesDiscovery,
        subscriptions: new Set(),
        settings: new Set(),
        maySeeSettings: opts.maySeeSettings,
        queue: Promise.resolve(),
      };
      clients.add(client);
      send(client, encode({ type: 'hello', ...devices.counts(), at: Date.now() }));
      return {
        receive: (text: string) => {
          client.queue = client.queue
            .then(() => receive(client, text))
            .catch((err: unknown) => log.error({ err }, 'live message handling failed'));
        },
        close: () => {
          unsubscribe(client, [...client.subscriptions]);
          unwatch(client, client.settings, settingsSubscribers, [...client.settings]);
          clients.delete(client);
        },
      };
    },

    get connections(): number {
      return clients.size;
    },

    stop(): void {
      clearInterval(batchTimer);
      for (const timer of snapshotTimers.values()) clearTimeout(timer);
      snapshotTimers.clear();
      stopChanges();
      stopRows();
      stopSettings();
      for (const client of clients) client.socket.close(1001, 'console stopping');
      clients.clear();
    },
  };
}

export type LiveHub = ReturnType<typeof liveHub>;
