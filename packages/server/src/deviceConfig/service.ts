/**
 * Desired configuration of devices, as the settings calls use it: the document a section stands at,
 * changing it (validated whole, stored as the next version, then applied), and the state of every
 * section. No HTTP here; the apply itself is the engine's.
 */
import {
  SECTION_KEYS,
  codeOfIssue,
  messages,
  parseSection,
  type SectionDocs,
  type SectionKey,
  type SectionStateView,
  type SettingsStateResponse,
} from '@edge/protocol';
import type { DeviceDirectory, DeviceView } from '../devices/index.ts';
import { keyedLock } from '../lib/keyed-lock.ts';
import { fail } from '../http/errors.ts';
import type { ApplyEngine } from './engine.ts';
import { deviceDefaults } from './device-defaults.ts';
import { presentSection, storedDoc } from './presenter.ts';
import type { ConfigStore, SectionRow } from './store.ts';

export interface ConfigServiceDeps {
  store: ConfigStore;
  engine: ApplyEngine;
  devices: Pick<DeviceDirectory, 'get'>;
  /**
   * Throws when the device may not be changed now (License Lock, license/service.ts): checked once here,
   * on the one path every configuration change takes.
   */
  admit?: (deviceId: string) => void;
  now?: () => number;
}

/** Two operators changing one section at once: the loser's change is made again on top of the winner's. */
const WRITE_ATTEMPTS = 3;

export function configService({ store, engine, devices, admit, now = Date.now }: ConfigServiceDeps) {
  const perSection = keyedLock();

  /** Desired, else what the device reported, else the defaults: what the screens show and edit. */
  const effective = <K extends SectionKey>(
    deviceId: string,
    section: K,
    row: SectionRow | undefined,
  ): SectionDocs[K] =>
    (row && (storedDoc(section, row.desired) ?? storedDoc(section, row.reported))) ??
    deviceDefaults(section, devices.get(deviceId));

  function device(deviceId: string): DeviceView {
    const found = devices.get(deviceId);
    if (!found) throw fail(404, 'notFound');
    return found;
  }

  async function writeOnce<K extends SectionKey>(
    deviceId: string,
    section: K,
    change: (doc: SectionDocs[K]) => unknown,
    user: string,
  ): Promise<SectionRow | undefined> {
    const row = await store.get(deviceId, section);
    const next = parseSection(section, await change(effective(deviceId, section, row)));
    if (!next.success) {
      const issue = next.error.issues[0];
      throw fail(400, (issue && codeOfIssue(issue)) || 'invalidRequest');
    }
    return store.writeDesired(deviceId, section, {
      doc: next.data,
      expected: row?.desired_version ?? 0,
      user,
      at: now(),
    });
  }

  return {
    device,

    async current<K extends SectionKey>(deviceId: string, section: K): Promise<SectionDocs[K]> {
      device(deviceId);
      return effective(deviceId, section, await store.get(deviceId, section));
    },

    /**
     * The documents one section stands at on many devices, read together: a rollout checks every target
     * before it starts, and a statement each held the event loop 10,000 times.
     */
    async currentOf<K extends SectionKey>(
      deviceIds: string[],
      section: K,
    ): Promise<Map<string, SectionDocs[K]>> {
      for (const deviceId of deviceIds) device(deviceId);
      const rows = new Map((await store.sectionOf(deviceIds, section)).map((r) => [r.device_id, r]));
      return new Map(deviceIds.map((id) => [id, effective(id, section, rows.get(id))]));
    },

    /**
     * Changes a section: `change` gets the current document and returns the next one, which must pass
     * the section's schema as a whole (400 with its message code otherwise, nothing written); a request's
     * activity row is stored in the same transaction (db/with-change.ts), so an answer never tells of a change
     * stored without its record, or of a failure whose change was stored. Answers
     * as soon as the change is stored, with the section pending: the device may take seconds (or be away),
     * and the apply's steps reach the screens as section changes.
     */
    async change<K extends SectionKey>(
      deviceId: string,
      section: K,
      change: (doc: SectionDocs[K]) => unknown,
      user: string,
    ): Promise<SectionStateView> {
      device(deviceId);
      admit?.(deviceId);
      const written = await perSection(`${deviceId}/${section}`, async () => {
        for (let attempt = 1; ; attempt++) {
          const row = await writeOnce(deviceId, section, change, user);
          if (row) return row;
          if (attempt >= WRITE_ATTEMPTS) throw fail(409, 'applyError', messages.applyError);
        }
      });
      // The row as written is what the answer shows and what the engine sends: neither reads it back.
      engine.deliver(deviceId, section, written);
      return presentSection(section, written);
    },

    /** Resolves when the deliveries started so far have ended (tests wait for an apply with it). */
    settled: () => engine.settled(),

    async state(deviceId: string, only?: SectionKey): Promise<SettingsStateResponse> {
      const { online } = device(deviceId);
      // One section (a rollout step's check, every few seconds per waiting device) is one row, not twelve.
      if (only)
        return { id: deviceId, online, sections: [presentSection(only, await store.get(deviceId, only))] };
      const rows = new Map((await store.list(deviceId)).map((r) => [r.section, r]));
      return { id: deviceId, online, sections: SECTION_KEYS.map((s) => presentSection(s, rows.get(s))) };
    },
  };
}

export type ConfigService = ReturnType<typeof configService>;
