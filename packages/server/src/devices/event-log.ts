/**
 * Device events: log lines go to device_logs in batches; alarm events raise or clear an alarm on the device,
 * which its status label (Alarm) follows.
 */
import type { Insertable } from 'kysely';
import type { EventMessage } from '@edge/protocol';
import type { DeviceLogsTable } from '../db/schema.ts';
import type { BusLog } from '../gateway/index.ts';
import type { DeviceChanges } from './changes.ts';
import type { DeviceRegistry, LiveDevice } from './registry.ts';
import type { TelemetryStore } from './telemetry-store.ts';

/** Beyond this many unwritten lines (the store is down), the oldest are dropped rather than memory grown. */
const MAX_QUEUED = 50_000;

export function eventLog(deps: {
  store: TelemetryStore;
  registry: DeviceRegistry;
  changes: DeviceChanges;
  log: BusLog;
}) {
  let queue: Insertable<DeviceLogsTable>[] = [];
  let dropped = 0;

  return {
    record(device: LiveDevice, event: EventMessage): void {
      queue.push({
        device_id: device.record.id,
        level: event.level,
        program: event.program,
        message: event.message,
        alarm_code: event.alarm?.code ?? null,
        // The device's clock may be wrong; a line from the future would sort above everything.
        created_at: Math.min(event.ts, Date.now()),
      });
      if (queue.length > MAX_QUEUED) dropped += queue.splice(0, queue.length - MAX_QUEUED).length;
      deps.changes.emit({ type: 'event', deviceId: device.record.id, event });
      if (event.alarm) {
        const had = device.alarms.has(event.alarm.code);
        if (event.alarm.active) device.alarms.add(event.alarm.code);
        else device.alarms.delete(event.alarm.code);
        if (had !== event.alarm.active) deps.registry.emitState(device);
      }
    },

    async flush(): Promise<void> {
      if (dropped > 0) {
        deps.log.warn({ dropped }, 'device log lines dropped while the store lagged');
        dropped = 0;
      }
      const batch = queue;
      queue = [];
      try {
        await deps.store.insertLogs(batch);
      } catch (err) {
        queue = batch.concat(queue).slice(-MAX_QUEUED);
        throw err;
      }
    },
  };
}

export type EventLog = ReturnType<typeof eventLog>;
