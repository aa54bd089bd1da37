/**
 * The config store, telling of every change it makes to a section: a new desired version (pending), each
 * move of the apply engine (applying, awaiting confirmation, confirmed, rolled back, failed) and every
 * report of the device (versions, drift appearing or clearing). Wrapping the store, rather than the
 * engine's many call sites, means no state move can be written without being announced.
 * Each write is announced before it returns, so one section's changes go out in the order they were made.
 */
import type { SectionKey } from '@edge/protocol';
import { presentSection } from './presenter.ts';
import type { AnnounceSection } from './section-changes.ts';
import type { ConfigStore } from './store.ts';

export function announcingStore(store: ConfigStore, announce: AnnounceSection): ConfigStore {
  async function announceRow(deviceId: string, section: SectionKey): Promise<void> {
    const row = await store.get(deviceId, section);
    if (row) await announce(deviceId, presentSection(section, row));
  }

  return {
    ...store,

    async writeDesired(deviceId, section, change) {
      const written = await store.writeDesired(deviceId, section, change);
      if (written) await announceRow(deviceId, section);
      return written;
    },

    async writeReported(deviceId, reported) {
      await store.writeReported(deviceId, reported);
      if (reported.length === 1) return announceRow(deviceId, reported[0]!.section);
      // A whole report: one read of the device's rows instead of one per section.
      const written = new Set(reported.map((r) => r.section));
      for (const row of await store.list(deviceId)) {
        const section = row.section as SectionKey;
        if (written.has(section)) await announce(deviceId, presentSection(section, row));
      }
    },

    async transition(deviceId, section, version, to, from) {
      const moved = await store.transition(deviceId, section, version, to, from);
      if (moved) await announceRow(deviceId, section);
      return moved;
    },
  };
}
