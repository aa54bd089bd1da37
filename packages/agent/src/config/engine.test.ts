/** The device's configuration engine: apply, confirm-or-rollback timers, link loss, local edits. */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import {
  sectionDefaults,
  sectionHash,
  type ConfigReportInput,
  type GeneralSection,
  type SectionDocs,
  type WanSection,
} from '@edge/protocol';
import { HeapScheduler } from '../client/scheduler.ts';
import { lineLog } from '../log.ts';
import { memoryAppliedStore, type AppliedStore } from './applied-store.ts';
import type { ConfigBackend } from './backend.ts';
import { ConfigEngine } from './engine.ts';
import { reachesConsole } from './reachability.ts';

const general = (deviceName: string): GeneralSection => ({
  deviceName,
  remoteHelp: false,
  jumpServices: [],
});
const staticWan = (ip: string, gateway: string): WanSection => ({
  list: [
    {
      iface: 'eth0',
      mode: 'static',
      ip,
      mask: '255.255.255.0',
      gateway,
      dns_mode: 'manual',
      dns_server_1: '1.1.1.1',
      dns_server_2: '8.8.8.8',
    },
  ],
  savedNetworks: [],
});
const CUT_OFF = staticWan('192.0.2.10', '192.0.2.1');
const REACHABLE = staticWan('10.1.2.3', '10.1.2.1');

/** A backend that records what it was given and judges reachability as the simulator does. */
function fakeBackend(opts: { failWith?: string; allowsLocalEdits?: boolean } = {}) {
  const applied: SectionDocs[] = [];
  const backend: ConfigBackend & { applied: SectionDocs[]; failWith?: string } = {
    applied,
    failWith: opts.failWith,
    allowsLocalEdits: opts.allowsLocalEdits ?? false,
    async apply(docs) {
      if (backend.failWith) throw new Error(backend.failWith);
      applied.push(structuredClone(docs));
      return { reachable: reachesConsole(docs, 'ethernet') };
    },
  };
  return backend;
}

function engineWith(backend: ConfigBackend, store: AppliedStore = memoryAppliedStore()) {
  const reports: ConfigReportInput[] = [];
  const link: string[] = [];
  const engine = new ConfigEngine({ backend, store, scheduler: new HeapScheduler(), log: lineLog('silent') });
  engine.attach({
    report: (r) => reports.push(r),
    linkLost: () => link.push('lost'),
    linkRestored: () => link.push('restored'),
  });
  return { engine, reports, link, store };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('applying', () => {
  test('a section without confirmation is kept with its version and reported by hash', async () => {
    const backend = fakeBackend();
    const { engine, store } = engineWith(backend);
    const result = await engine.apply({ section: 'general', doc: general('Shop 7'), version: 3 });
    expect(result).toMatchObject({ section: 'general', version: 3, awaitingConfirm: false });
    expect(result.hash).toBe(sectionHash(general('Shop 7')));
    expect(backend.applied.at(-1)?.general.deviceName).toBe('Shop 7');
    expect(engine.status('general')).toEqual({ version: 3, hash: sectionHash(general('Shop 7')) });
    expect(engine.status('wifi')).toEqual({ version: 0, hash: sectionHash(sectionDefaults.wifi) });
    expect(store.load().sections.general).toEqual({ version: 3, doc: general('Shop 7') });
  });

  test('a device that refuses keeps what it had and says why', async () => {
    const backend = fakeBackend();
    const { engine } = engineWith(backend);
    await engine.apply({ section: 'general', doc: general('Before'), version: 1 });
    backend.failWith = 'uci: Invalid argument';
    await expect(
      engine.apply({ section: 'general', doc: general('After'), version: 2 }),
    ).rejects.toMatchObject({
      code: 'failed',
      message: 'uci: Invalid argument',
    });
    expect(engine.docs().general.deviceName).toBe('Before');
    expect(engine.status('general').version).toBe(1);
  });
});

describe('confirm-or-rollback', () => {
  test('a confirmed change stays after the timeout', async () => {
    const { engine, reports } = engineWith(fakeBackend());
    const result = await engine.apply({ section: 'wan', doc: REACHABLE, version: 1, confirmTimeoutMs: 5000 });
    expect(result).toMatchObject({ awaitingConfirm: true, confirmInMs: 5000 });
    expect(engine.status('wan').awaitingConfirm).toBe(1);
    expect(await engine.confirm({ section: 'wan', version: 1 })).toMatchObject({ outcome: 'confirmed' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(engine.docs().wan).toEqual(REACHABLE);
    expect(engine.status('wan')).toEqual({ version: 1, hash: sectionHash(REACHABLE) });
    expect(reports).toEqual([]);
    // A repeated confirm (the first answer was lost) gets the same answer.
    expect(await engine.confirm({ section: 'wan', version: 1 })).toMatchObject({ outcome: 'confirmed' });
  });

  test('without a confirmation the previous document comes back and the rollback is reported', async () => {
    const { engine, reports } = engineWith(fakeBackend());
    await engine.apply({ section: 'wan', doc: REACHABLE, version: 1 });
    await engine.apply({
      section: 'wan',
      doc: staticWan('10.9.9.9', '10.9.9.1'),
      version: 2,
      confirmTimeoutMs: 5000,
    });
    await vi.advanceTimersByTimeAsync(4999);
    expect(engine.status('wan').version).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(engine.docs().wan).toEqual(REACHABLE);
    expect(engine.status('wan')).toEqual({ version: 1, hash: sectionHash(REACHABLE), rolledBack: 2 });
    expect(reports).toHaveLength(1);
    expect(reports[0]!.docs).toEqual([
      { section: 'wan', version: 1, hash: sectionHash(REACHABLE), doc: REACHABLE },
    ]);
    expect(await engine.confirm({ section: 'wan', version: 2 })).toMatchObject({ outcome: 'rolledBack' });
  });

  test('a change over an unconfirmed one still rolls back to the last confirmed document', async () => {
    const { engine } = engineWith(fakeBackend());
    await engine.apply({ section: 'wan', doc: REACHABLE, version: 1 });
    await engine.apply({
      section: 'wan',
      doc: staticWan('10.5.5.5', '10.5.5.1'),
      version: 2,
      confirmTimeoutMs: 5000,
    });
    await vi.advanceTimersByTimeAsync(3000);
    await engine.apply({
      section: 'wan',
      doc: staticWan('10.6.6.6', '10.6.6.1'),
      version: 3,
      confirmTimeoutMs: 5000,
    });
    // The first timer was replaced: nothing happens at 5 s.
    await vi.advanceTimersByTimeAsync(2500);
    expect(engine.status('wan').version).toBe(3);
    await vi.advanceTimersByTimeAsync(2500);
    expect(engine.docs().wan).toEqual(REACHABLE);
    expect(engine.status('wan').rolledBack).toBe(3);
    expect(await engine.confirm({ section: 'wan', version: 2 })).toMatchObject({ outcome: 'unknown' });
  });

  test('a change that cuts the device off drops the link until the rollback restores it', async () => {
    const { engine, link } = engineWith(fakeBackend());
    await engine.apply({ section: 'wan', doc: CUT_OFF, version: 1, confirmTimeoutMs: 3000 });
    expect(link).toEqual(['lost']);
    await vi.advanceTimersByTimeAsync(3000);
    expect(link).toEqual(['lost', 'restored']);
    expect(engine.docs().wan).toEqual(sectionDefaults.wan);
    expect(engine.status('wan')).toMatchObject({ version: 0, rolledBack: 1 });
  });

  test('a pending confirmation survives a restart, and rolls back on its original deadline', async () => {
    const store = memoryAppliedStore();
    const first = engineWith(fakeBackend(), store);
    await first.engine.apply({ section: 'wan', doc: REACHABLE, version: 4, confirmTimeoutMs: 10_000 });
    first.engine.detach();
    await vi.advanceTimersByTimeAsync(6000);

    const backend = fakeBackend();
    const second = engineWith(backend, store);
    expect(second.engine.status('wan').awaitingConfirm).toBe(4);
    await vi.advanceTimersByTimeAsync(3999);
    expect(second.engine.docs().wan).toEqual(REACHABLE);
    await vi.advanceTimersByTimeAsync(1);
    expect(second.engine.docs().wan).toEqual(sectionDefaults.wan);
    expect(backend.applied.at(-1)?.wan).toEqual(sectionDefaults.wan);
    expect(second.engine.status('wan').rolledBack).toBe(4);
  });
});

describe('local edits', () => {
  test('are refused by a real backend', async () => {
    const { engine } = engineWith(fakeBackend());
    await expect(engine.setLocal({ section: 'general', doc: general('Mine') })).rejects.toMatchObject({
      code: 'unsupported',
    });
  });

  test('keep the version, change the hash and are reported with the document', async () => {
    const { engine, reports } = engineWith(fakeBackend({ allowsLocalEdits: true }));
    await engine.apply({ section: 'general', doc: general('Console'), version: 2 });
    const result = await engine.setLocal({ section: 'general', doc: general('Local') });
    expect(result).toEqual({ section: 'general', version: 2, hash: sectionHash(general('Local')) });
    expect(reports.at(-1)?.docs).toEqual([
      { section: 'general', version: 2, hash: sectionHash(general('Local')), doc: general('Local') },
    ]);
    const { sections } = await engine.connectReport();
    expect(sections.general).toEqual({ version: 2, hash: sectionHash(general('Local')) });
  });
});

describe('simulated reachability', () => {
  const docs = (changes: Partial<SectionDocs>): SectionDocs => ({
    ...structuredClone(sectionDefaults),
    ...changes,
  });

  test('an Ethernet uplink needs eth0 as a WAN inside 10.0.0.0/8', () => {
    expect(reachesConsole(docs({}), 'ethernet')).toBe(true);
    expect(reachesConsole(docs({ wan: REACHABLE }), 'ethernet')).toBe(true);
    expect(reachesConsole(docs({ wan: CUT_OFF }), 'ethernet')).toBe(false);
    expect(reachesConsole(docs({ wan: { list: [], savedNetworks: [] } }), 'ethernet')).toBe(false);
    const lanOnly = {
      ports: [
        { port: 'eth0', type: 'LAN' as const },
        { port: 'eth1', type: 'WAN' as const },
      ],
    };
    expect(reachesConsole(docs({ portType: lanOnly }), 'ethernet')).toBe(false);
  });

  test('a cellular uplink needs the mobile network on, whatever the WAN says', () => {
    const off = { ...sectionDefaults.mobileNetwork, toggle: false };
    expect(reachesConsole(docs({ wan: CUT_OFF }), 'cellular')).toBe(true);
    expect(reachesConsole(docs({ mobileNetwork: off }), 'cellular')).toBe(false);
  });
});
