/**
 * The adopted devices, in memory: their records, credentials and live state. Presence, the inbox and the
 * RPC service read and change it without a database round trip; presence-flusher.ts writes it back in
 * batches. It also answers the embedded broker's "may this device connect" from memory.
 */
import { DEFAULT_REPORT_INTERVAL_S } from '@edge/protocol';
import { digest, sameSecret } from '../auth/tokens.ts';
import type { DeviceAuthenticator } from '../gateway/index.ts';
import type { DeviceStore, DeviceRow } from './store.ts';
import type { DeviceChanges } from './changes.ts';
import type { DeviceCounts, DeviceRecord, DeviceUpdate, DeviceView, LiveDevice } from './types.ts';
import { toRecord, toView } from './views.ts';

/** How long a device id unknown to the database stays unknown before we ask again. */
const UNKNOWN_ID_TTL_MS = 30_000;

function fromRow(row: DeviceRow): LiveDevice {
  return {
    record: toRecord(row),
    credentialHash: row.credential_hash,
    // Unknown until it speaks: a console that just started holds no device connection, whatever the
    // database says (after a SIGKILL it still says online for every device).
    online: false,
    lastSeenAt: row.last_seen_at,
    reportInterval: row.report_interval || DEFAULT_REPORT_INTERVAL_S,
    upTime: row.uptime,
    capabilities: [],
    cellular: null,
    alarms: new Set(),
    licenseLocked: false,
    heartbeat: null,
    telemetry: null,
    dirty: false,
  };
}

const columnsOf = (patch: DeviceUpdate) => ({
  ...(patch.name !== undefined && { name: patch.name }),
  ...(patch.hostname !== undefined && { hostname: patch.hostname }),
  ...(patch.groupId !== undefined && { group_id: patch.groupId }),
  ...(patch.profile !== undefined && { profile: patch.profile }),
  ...(patch.idle !== undefined && { idle: patch.idle ? 1 : 0 }),
});

export type { LiveDevice };

/** Whether two records of one device say the same (a record is replaced whole, never changed). */
function sameRecord(a: DeviceRecord, b: DeviceRecord): boolean {
  for (const key of Object.keys(a) as (keyof DeviceRecord)[]) if (a[key] !== b[key]) return false;
  return true;
}

export function deviceRegistry(store: DeviceStore, changes: DeviceChanges) {
  const applyLocally = (live: LiveDevice, patch: DeviceUpdate): void => {
    registry.setRecord(live, {
      ...live.record,
      ...(patch.name !== undefined && { name: patch.name }),
      ...(patch.hostname !== undefined && { hostname: patch.hostname }),
      ...(patch.groupId !== undefined && { groupId: patch.groupId }),
      ...(patch.profile !== undefined && { profile: patch.profile }),
      ...(patch.idle !== undefined && { idle: patch.idle }),
    });
    registry.emitState(live);
  };

  const devices = new Map<string, LiveDevice>();
  const unknownUntil = new Map<string, number>();
  const loading = new Map<string, Promise<LiveDevice | undefined>>();
  /** Counts every change of which devices are held (loaded, added, forgotten): see `membership`. */
  let membership = 0;
  /** Counts those and every record that came to say something new: see `recordsVersion`. */
  let records = 0;

  const registry = {
    async load(): Promise<void> {
      for (const row of await store.listAdopted()) devices.set(row.id, fromRow(row));
      membership++;
    },

    /**
     * A number that changes whenever a device is added or forgotten: a reader that kept facts about the
     * whole fleet (the licences' coverage) learns in O(1) whether it must look at every device again.
     */
    membership: (): number => membership,

    /**
     * A number that changes whenever a device is added or forgotten or its record says something new (a name,
     * a firmware): a reader that ordered the fleet by its records (the inventory list) knows the order holds.
     */
    recordsVersion: (): number => membership + records,

    /** Gives a device its new record (a hello's facts, an operator's change). */
    setRecord(live: LiveDevice, next: DeviceRecord): void {
      if (!sameRecord(live.record, next)) records++;
      live.record = next;
    },

    live: (id: string): LiveDevice | undefined => devices.get(id),
    all: (): IterableIterator<LiveDevice> => devices.values(),

    /**
     * The device, loading it from the database when this process has not seen it: another console replica
     * may have adopted it. Unknown ids are remembered for a while so a stray client cannot flood the store.
     */
    resolve(id: string): Promise<LiveDevice | undefined> {
      const known = devices.get(id);
      if (known) return Promise.resolve(known);
      if ((unknownUntil.get(id) ?? 0) > Date.now()) return Promise.resolve(undefined);
      let pending = loading.get(id);
      if (!pending) {
        pending = store
          .findById(id)
          .then((row) => {
            // Removed while we were reading it: stay removed.
            if ((unknownUntil.get(id) ?? 0) > Date.now()) return undefined;
            if (row?.adoption !== 'adopted') {
              unknownUntil.set(id, Date.now() + UNKNOWN_ID_TTL_MS);
              return undefined;
            }
            return devices.get(id) ?? registry.add(row);
          })
          .finally(() => loading.delete(id));
        loading.set(id, pending);
      }
      return pending;
    },

    add(row: DeviceRow): LiveDevice {
      const live = fromRow(row);
      devices.set(row.id, live);
      membership++;
      unknownUntil.delete(row.id);
      return live;
    },

    /** Removed: its credential stops working now, and its last messages (its will) cannot bring it back. */
    forget(id: string): void {
      devices.delete(id);
      membership++;
      unknownUntil.set(id, Date.now() + UNKNOWN_ID_TTL_MS);
    },

    /**
     * The devices no licence covers (the licence feature's coverage): their status turns License Lock and
     * back, announced as a state change only for the devices whose flag changed.
     */
    setLicenseLocks(locked: ReadonlySet<string>): void {
      for (const live of devices.values()) {
        const flag = locked.has(live.record.id);
        if (live.licenseLocked === flag) continue;
        live.licenseLocked = flag;
        registry.emitState(live);
      }
    },

    emitState(live: LiveDevice): void {
      changes.emit({ type: 'state', deviceId: live.record.id, device: toView(live) });
    },

    get: (id: string): DeviceView | undefined => {
      const live = devices.get(id);
      return live && toView(live);
    },

    list: (): DeviceView[] => [...devices.values()].map(toView),

    counts(): DeviceCounts {
      let numOnline = 0;
      for (const d of devices.values()) if (d.online) numOnline++;
      return { numOnline, numOffline: devices.size - numOnline };
    },

    /** Operator changes (name, host name, group, profile, idle flag): written at once, not batched. */
    async update(id: string, patch: DeviceUpdate): Promise<DeviceView | undefined> {
      const live = devices.get(id);
      if (!live) return undefined;
      await store.update(id, columnsOf(patch));
      applyLocally(live, patch);
      return toView(live);
    },

    /** The same operator change to many adopted devices (e.g. moving them into a group); unknown ids are skipped. */
    async updateMany(ids: string[], patch: DeviceUpdate): Promise<number> {
      const known = ids.filter((id) => devices.has(id));
      if (known.length === 0) return 0;
      await store.updateMany(known, columnsOf(patch));
      for (const id of known) {
        const live = devices.get(id);
        if (live) applyLocally(live, patch);
      }
      return known.length;
    },

    /** After a group was deleted in the store: its devices in memory are ungrouped too. */
    forgetGroup(groupId: number): void {
      for (const live of devices.values())
        if (live.record.groupId === groupId) applyLocally(live, { groupId: null });
    },
  };

  const authenticator: DeviceAuthenticator = {
    verify(deviceId, password) {
      const live = devices.get(deviceId);
      return live !== undefined && sameSecret(digest(password), live.credentialHash);
    },
    // From the database, not memory: another replica may have adopted or removed devices since load().
    adoptedIds: async () => (await store.listAdopted()).map((row) => row.id),
    async holdsEnrolKey(serial, key) {
      const row = await store.findBySerial(serial);
      return row?.credential_hash ? sameSecret(digest(key), row.credential_hash) : null;
    },
  };

  return Object.assign(registry, { authenticator });
}

export type DeviceRegistry = ReturnType<typeof deviceRegistry>;
