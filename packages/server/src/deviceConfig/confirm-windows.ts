/**
 * The confirmations the apply engine waits for: by device, the section and version applied with
 * confirm-or-rollback and not confirmed yet, each with a timer that gives it up once its window (plus a grace
 * for the device's own clock) has passed.
 */
import type { SectionKey } from '@edge/protocol';

export function confirmWindows(opts: {
  graceMs: number;
  now: () => number;
  /** The window of this version passed without the device's word. */
  passed(deviceId: string, section: SectionKey, version: number): void;
}) {
  const awaiting = new Map<string, Map<SectionKey, number>>();
  /** Timers giving up a confirmation once its window has passed, by `device/section`. */
  const timers = new Map<string, NodeJS.Timeout>();

  return {
    remember(deviceId: string, section: SectionKey, version: number, confirmBy: number): void {
      let sections = awaiting.get(deviceId);
      if (!sections) awaiting.set(deviceId, (sections = new Map()));
      sections.set(section, version);
      const key = `${deviceId}/${section}`;
      clearTimeout(timers.get(key));
      const timer = setTimeout(
        () => opts.passed(deviceId, section, version),
        Math.max(0, confirmBy + opts.graceMs - opts.now()),
      );
      timer.unref();
      timers.set(key, timer);
    },

    /** Stops waiting for a section's confirmation (of `version` only, when given: a newer one may be waited for). */
    forget(deviceId: string, section: SectionKey, version?: number): void {
      const sections = awaiting.get(deviceId);
      if (version !== undefined && sections?.get(section) !== version) return;
      sections?.delete(section);
      if (sections?.size === 0) awaiting.delete(deviceId);
      const key = `${deviceId}/${section}`;
      clearTimeout(timers.get(key));
      timers.delete(key);
    },

    /** The sections and versions this device's confirmation is waited for. */
    of: (deviceId: string): [SectionKey, number][] => [...(awaiting.get(deviceId) ?? [])],

    stop(): void {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}
