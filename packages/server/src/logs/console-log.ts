/**
 * The console's own log lines (issue 17: "console events"): a device seen connecting or going away, the
 * log being cleared, its settings changed. Queued and written in batches beside the devices' lines.
 */
import type { EventLevel } from '@edge/protocol';
import type { LogLine, LogStore } from './store.ts';
import type { ProgramBook } from './program-book.ts';

/** Beyond this many unwritten lines (the store is down), the oldest are dropped rather than memory grown. */
const MAX_QUEUED = 10_000;
export const CONSOLE_PROGRAM = 'console';

export function consoleLog(store: LogStore, programs: ProgramBook, now: () => number = Date.now) {
  let queue: LogLine[] = [];
  return {
    write(deviceId: string, level: EventLevel, message: string, program = CONSOLE_PROGRAM): void {
      const at = now();
      queue.push({ device_id: deviceId, level, program, message, alarm_code: null, created_at: at });
      if (queue.length > MAX_QUEUED) queue.splice(0, queue.length - MAX_QUEUED);
      programs.note(deviceId, program, at);
    },
    async flush(): Promise<void> {
      const batch = queue;
      queue = [];
      try {
        await store.insert(batch);
      } catch (err) {
        queue = batch.concat(queue).slice(-MAX_QUEUED);
        throw err;
      }
    },
  };
}
export type ConsoleLog = ReturnType<typeof consoleLog>;
