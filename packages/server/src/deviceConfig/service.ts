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
  ): Promise<boolean> {
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
      await perSection(`${deviceId}/${section}`, async () => {
        for (let attempt = 1; !(await writeOnce(deviceId, section, change, user)); attempt++)
          if (attempt >= WRITE_ATTEMPTS) throw fail(409, 'applyError', messages.applyError);
      });
      const stored = presentSection(section, await store.get(deviceId, section));
      engine.deliver(deviceId, section);
      return stored;
    },

    /** Resolves when the deliveries started so far have ended (tests wait for an apply with it). */
    settled: () => engine.settled(),

    async state(deviceId: string, only?: SectionKey): Promise<SettingsStateResponse> {
      const { online } = device(deviceId);
      const rows = new Map((await store.list(deviceId)).map((r) => [r.section, r]));
      const sections = only ? [only] : SECTION_KEYS;
      return { id: deviceId, online, sections: sections.map((s) => presentSection(s, rows.get(s))) };
    },
  };
}

export type ConfigService = ReturnType<typeof configService>;
