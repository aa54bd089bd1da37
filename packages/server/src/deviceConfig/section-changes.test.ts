/**
 * Section changes go out on the console's bus and every listener hears each section: the sections one
 * write stores (a device's first report holds all of them) travel as one message, in the report's order.
 */
import { afterEach, expect, test, vi } from 'vitest';
import type { SectionDoc, SectionKey } from '@edge/protocol';
import { createEmbeddedBus, type EmbeddedBus } from '../gateway/embedded-bus.ts';
import { waitFor } from '../testing/devices.ts';
import { announcingStore } from './announcing-store.ts';
import { announcer, listenSectionChanges } from './section-changes.ts';
import type { ConfigStore, Reported, SectionRow } from './store.ts';

const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
const DEVICE = 'dev-sections-1';

/** A store that writes nothing and gives back the rows a write of these reports would make. */
const storeOf = (): ConfigStore =>
  ({
    writeReported: async (deviceId: string, reported: Reported[]): Promise<SectionRow[]> =>
      // The database's own order, not the report's.
      [...reported].reverse().map((r) => ({
        device_id: deviceId,
        section: r.section,
        desired: null,
        desired_version: 0,
        reported: null,
        reported_version: r.version,
        reported_hash: r.hash,
        reported_at: r.at,
        state: 'in_sync',
        outcome: null,
        last_error: null,
        last_error_code: null,
        confirm_by: null,
        updated_by: null,
        updated_at: r.at,
      })),
  }) as unknown as ConfigStore;

// The store is a stand-in that keeps what it is given: no document is looked at but to be announced.
const ANY_DOC = {} as SectionDoc;

let bus: EmbeddedBus | undefined;
afterEach(async () => {
  await bus?.close();
});

test("a report's sections are one message on the bus, and each listener hears every section in order", async () => {
  bus = await createEmbeddedBus({ authenticator: { verify: () => false }, log });
  const changes = await listenSectionChanges(bus, log);
  const heard: string[] = [];
  const alsoHeard: string[] = [];
  changes.on((deviceId, view) => heard.push(`${deviceId} ${view.section} v${view.reportedVersion}`));
  changes.on((_deviceId, view) => alsoHeard.push(view.section));
  const published = vi.spyOn(bus, 'publish');
  const store = announcingStore(storeOf(), announcer(bus, log));

  const sections: SectionKey[] = ['general', 'wan', 'nat', 'dhcp'];
  await store.writeReported(
    DEVICE,
    sections.map((section, i) => ({ section, doc: ANY_DOC, version: i + 1, hash: `h${i}`, at: 1000 })),
  );
  await waitFor(() => alsoHeard.length === sections.length, 'every section heard');

  expect(published).toHaveBeenCalledTimes(1);
  expect(heard).toEqual(sections.map((section, i) => `${DEVICE} ${section} v${i + 1}`));
  expect(alsoHeard).toEqual(sections);
  await changes.stop();
});

test('a write that stores nothing announces nothing', async () => {
  bus = await createEmbeddedBus({ authenticator: { verify: () => false }, log });
  const published = vi.spyOn(bus, 'publish');
  const store = announcingStore(
    { writeReported: async () => [] } as unknown as ConfigStore,
    announcer(bus, log),
  );
  await store.writeReported(DEVICE, [{ section: 'wan', doc: ANY_DOC, version: 1, hash: 'h', at: 1 }]);
  expect(published).not.toHaveBeenCalled();
});
