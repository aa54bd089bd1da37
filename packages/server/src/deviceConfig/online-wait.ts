/**
 * Reports waiting for their device to count as online, by device. One map the inbox's change listener
 * (heard) settles, not a listener per waiting report: in a reconnect storm thousands of reports arrive
 * before their devices' hellos, and a listener each made every device change walk all of them.
 */
import type { DeviceDirectory } from '../devices/index.ts';

export function onlineWait(devices: Pick<DeviceDirectory, 'get'>, graceMs: number) {
  const waiting = new Map<string, (() => void)[]>();
  return {
    /** Resolves once the device counts as online, or after the grace period. */
    until(deviceId: string): Promise<void> {
      if (devices.get(deviceId)?.online) return Promise.resolve();
      return new Promise((resolve) => {
        const timer = setTimeout(done, graceMs);
        function done() {
          clearTimeout(timer);
          const rest = waiting.get(deviceId)?.filter((w) => w !== done);
          if (rest?.length) waiting.set(deviceId, rest);
          else waiting.delete(deviceId);
          resolve();
        }
        waiting.set(deviceId, [...(waiting.get(deviceId) ?? []), done]);
      });
    },
    /** The device was heard from: its reports go on. */
    heard(deviceId: string): void {
      for (const done of waiting.get(deviceId) ?? []) done();
    },
  };
}
