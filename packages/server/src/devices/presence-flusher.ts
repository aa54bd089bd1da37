/**
 * Writes the live state of changed devices to the devices table in batches, so the inventory can sort and
 * filter in SQL while a heartbeat costs no database round trip.
 */
import type { Db } from '../db/schema.ts';
import { updateMany, type Column, type SqlValue } from '../lib/batch-update.ts';
import type { DeviceRegistry, LiveDevice } from './registry.ts';

const KEY: Column = { name: 'id', type: 'text' };

const COLUMNS: { column: Column; value: (d: LiveDevice) => SqlValue }[] = [
  { column: { name: 'online', type: 'integer' }, value: (d) => (d.online ? 1 : 0) },
  { column: { name: 'last_seen_at', type: 'bigint' }, value: (d) => d.lastSeenAt },
  { column: { name: 'uptime', type: 'bigint' }, value: (d) => Math.floor(d.upTime) },
  { column: { name: 'report_interval', type: 'integer' }, value: (d) => d.reportInterval },
  { column: { name: 'model', type: 'text' }, value: (d) => d.record.model },
  { column: { name: 'firmware', type: 'text' }, value: (d) => d.record.firmware },
  { column: { name: 'agent_version', type: 'text' }, value: (d) => d.record.agentVersion },
  { column: { name: 'hostname', type: 'text' }, value: (d) => d.record.hostname },
  { column: { name: 'ip', type: 'text' }, value: (d) => d.record.ip },
  { column: { name: 'mac', type: 'text' }, value: (d) => d.record.mac },
  { column: { name: 'secure_mode', type: 'text' }, value: (d) => d.record.secureMode },
  { column: { name: 'latitude', type: 'double precision' }, value: (d) => d.record.latitude },
  { column: { name: 'longitude', type: 'double precision' }, value: (d) => d.record.longitude },
];

export function presenceFlusher(db: Db, registry: DeviceRegistry) {
  let running: Promise<void> | null = null;

  async function write(): Promise<void> {
    const batch: LiveDevice[] = [];
    for (const device of registry.all()) {
      if (!device.dirty) continue;
      device.dirty = false;
      batch.push(device);
    }
    if (batch.length === 0) return;
    try {
      await updateMany(
        db,
        'devices',
        KEY,
        COLUMNS.map((c) => c.column),
        batch.map((d) => [d.record.id, ...COLUMNS.map((c) => c.value(d))]),
      );
    } catch (err) {
      for (const device of batch) device.dirty = true;
      throw err;
    }
  }

  return {
    /** One flush at a time; a call during a flush waits for it and then flushes what changed meanwhile. */
    async flush(): Promise<void> {
      while (running) await running.catch(() => undefined);
      running = write().finally(() => (running = null));
      return running;
    },
  };
}
