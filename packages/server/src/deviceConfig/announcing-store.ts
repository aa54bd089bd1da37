/**
 * The config store, telling of every change it makes to a section: a new desired version (pending), each
 * move of the apply engine (applying, awaiting confirmation, confirmed, rolled back, failed) and every
 * report of the device (versions, drift appearing or clearing). Wrapping the store, rather than the
 * engine's many call sites, means no state move can be written without being announced.
 * Each write is announced before it returns, so one section's changes go out in the order they were made;
 * what is announced is the row the write returned, not one read back (a rollout step made four more reads of
 * device_sections that way, each synchronous work on SQLite).
 */
import type { SectionKey } from '@edge/protocol';
import { presentSection } from './presenter.ts';
import type { AnnounceSections } from './section-changes.ts';
import type { ConfigStore, SectionRow } from './store.ts';

export function announcingStore(store: ConfigStore, announce: AnnounceSections): ConfigStore {
  const announceRow = (deviceId: string, row: SectionRow | undefined) =>
    announce(deviceId, row ? [presentSection(row.section as SectionKey, row)] : []);

  return {
    ...store,

    async writeDesired(deviceId, section, change) {
      const written = await store.writeDesired(deviceId, section, change);
      await announceRow(deviceId, written);
      return written;
    },

    async writeReported(deviceId, reported) {
      const written = await store.writeReported(deviceId, reported);
      // In the order of the report, whatever order the database returned them in; the documents as reported
      // (checked on arrival), not parsed again from the texts just written.
      const bySection = new Map(written.map((row) => [row.section, row]));
      const docs = new Map(reported.map((r) => [r.section, r.doc]));
      await announce(
        deviceId,
        [...docs].flatMap(([section, doc]) => {
          const row = bySection.get(section);
          return row ? [presentSection(section, row, { reported: doc })] : [];
        }),
      );
      return written;
    },

    async transition(deviceId, section, version, to, from) {
      const moved = await store.transition(deviceId, section, version, to, from);
      await announceRow(deviceId, moved);
      return moved;
    },
  };
}
