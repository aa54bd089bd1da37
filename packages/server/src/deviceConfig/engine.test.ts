/**
 * The apply engine's decisions with a scripted device (the RPCs answered by the test): what it does when
 * an answer is lost, when a report says "rolled back", "behind" or "changed here", and with late answers.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  sectionDefaults,
  sectionHash,
  type ConfigReport,
  type RpcMethod,
  type SectionKey,
  type SectionStatus,
} from '@edge/protocol';
import { DeviceRpcError, type DeviceView } from '../devices/index.ts';
import { startTestConsole, type TestConsole } from '../testing/harness.ts';
import { applyEngine, type ApplyEngine } from './engine.ts';
import { configStore, type ConfigStore } from './store.ts';

const DEVICE = '00000000000000e1';
const WAN = {
  list: [
    {
      iface: 'eth0',
      mode: 'static' as const,
      ip: '10.1.2.3',
      mask: '255.255.255.0',
      gateway: '10.1.2.1',
      dns_mode: 'manual' as const,
      dns_server_1: '1.1.1.1',
      dns_server_2: '8.8.8.8',
    },
  ],
  savedNetworks: [],
};

type Script = Partial<Record<RpcMethod, (params: Record<string, unknown>) => unknown>>;

describe('the apply engine', () => {
  let edge: TestConsole;
  let store: ConfigStore;
  let engine: ApplyEngine;
  let script: Script;
  let calls: string[];

  const gone = () => {
    throw new DeviceRpcError('deviceOffline', 'Device is offline.');
  };
  const applied = (p: Record<string, unknown>) => ({
    ...p,
    hash: sectionHash(p.doc),
    awaitingConfirm: p.confirmTimeoutMs !== undefined,
  });
  const state = async (section: SectionKey) => (await store.get(DEVICE, section))!;
  const desire = async (section: SectionKey, doc: unknown) => {
    const row = await store.get(DEVICE, section);
    await store.writeDesired(DEVICE, section, {
      doc,
      expected: row?.desired_version ?? 0,
      user: 'admin',
      at: 1,
    });
  };
  const report = (sections: Partial<Record<SectionKey, SectionStatus>>): ConfigReport => ({
    ts: 1,
    sections,
    docs: [],
  });

  beforeAll(async () => {
    edge = await startTestConsole('sqlite');
    await edge.store.db
      .insertInto('devices')
      .values({ id: DEVICE, serial: 'ENGINE-1', credential_hash: 'x', adoption: 'adopted', created_at: 1 })
      .execute();
    store = configStore(edge.store.db);
  });
  afterAll(async () => edge?.destroy());

  beforeEach(async () => {
    await edge.store.db.deleteFrom('device_sections').execute();
    calls = [];
    script = {};
    const online = { online: true } as DeviceView;
    engine = applyEngine({
      store,
      confirmTimeoutMs: 60_000,
      log: { info: () => undefined, warn: () => undefined, error: () => undefined } as never,
      devices: { get: () => online },
      rpc: {
        call: (async (_id: string, method: RpcMethod, params: Record<string, unknown>) => {
          calls.push(method);
          const answer = script[method];
          if (!answer) throw new Error(`unexpected ${method}`);
          return answer(params);
        }) as never,
      },
    });
    await engine.start();
  });
  afterEach(() => engine.stop());

  it('waits for the device when the answer to a cutting change is lost, and confirms when it hears from it', async () => {
    script['config.apply'] = gone;
    await desire('wan', WAN);
    await engine.push(DEVICE, 'wan');
    expect(await state('wan')).toMatchObject({ state: 'awaiting_confirm', confirm_by: expect.any(Number) });

    script['config.confirm'] = (p) => ({ ...p, outcome: 'confirmed' });
    await engine.heard(DEVICE);
    expect(await state('wan')).toMatchObject({ state: 'in_sync', outcome: 'confirmed', confirm_by: null });
    // Confirmed once: later heartbeats ask nothing.
    calls = [];
    await engine.heard(DEVICE);
    expect(calls).toEqual([]);
  });

  it("holds a report that overtook the device's hello until the device is heard, not for the whole grace", async () => {
    const away = applyEngine({
      store,
      confirmTimeoutMs: 60_000,
      onlineGraceMs: 60_000,
      log: { info: () => undefined, warn: () => undefined, error: () => undefined } as never,
      devices: { get: () => ({ online: false }) as DeviceView },
      rpc: { call: (async () => ({ sections: [] })) as never },
    });
    let settled = 0;
    const reports = [1, 2].map(() =>
      away.reconcile(DEVICE, report({ general: { version: 0, hash: 'g' } })).then(() => settled++),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(settled).toBe(0);
    await away.heard(DEVICE);
    await Promise.all(reports);
    expect(settled).toBe(2);
  });

  it('sends what waited to devices coming back, looked up together in one query', async () => {
    script['config.apply'] = applied;
    await desire('general', sectionDefaults.general);
    expect((await state('general')).state).toBe('pending');
    const lookups = vi.spyOn(store, 'undelivered');
    try {
      await Promise.all([DEVICE, '00000000000000e2', '00000000000000e3'].map((id) => engine.returned(id)));
      expect(lookups).toHaveBeenCalledTimes(1);
      expect(lookups.mock.calls[0]![0]).toHaveLength(3);
    } finally {
      lookups.mockRestore();
    }
    for (let i = 0; i < 100 && (await state('general')).state !== 'in_sync'; i++)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await state('general')).toMatchObject({ state: 'in_sync', outcome: 'applied' });
    expect(calls).toEqual(['config.apply']);
  });

  it('marks a reported rollback and does not send the change again', async () => {
    script['config.apply'] = gone;
    await desire('wan', WAN);
    await engine.push(DEVICE, 'wan');
    await engine.reconcile(DEVICE, report({ wan: { version: 0, hash: 'h', rolledBack: 1 } }));
    expect(await state('wan')).toMatchObject({
      state: 'rolled_back',
      outcome: 'rolled_back',
      last_error_code: 'configRolledBack',
    });
    calls = [];
    await engine.reconcile(DEVICE, report({ wan: { version: 0, hash: 'h', rolledBack: 1 } }));
    await engine.heard(DEVICE);
    // It only asks for the document it lacks.
    expect(calls).toEqual(['config.get']);
  });

  it('sends a device that is behind what it lacks, and leaves a change made on it alone', async () => {
    await store.writeReported(DEVICE, [
      { section: 'general', doc: sectionDefaults.general, version: 0, hash: 'g0', at: 1 },
      { section: 'firewall', doc: sectionDefaults.firewall, version: 0, hash: 'f0', at: 1 },
    ]);
    await desire('general', { deviceName: 'Wanted', remoteHelp: false });
    await store.transition(DEVICE, 'general', 1, { state: 'pending' });
    await desire('firewall', { ...sectionDefaults.firewall, enabled: false });
    await store.transition(DEVICE, 'firewall', 1, { state: 'in_sync', outcome: 'applied' });
    script['config.apply'] = applied;

    await engine.reconcile(
      DEVICE,
      report({ general: { version: 0, hash: 'g0' }, firewall: { version: 1, hash: 'f0' } }),
    );
    expect(calls).toEqual(['config.apply']);
    expect(await state('general')).toMatchObject({
      state: 'in_sync',
      outcome: 'applied',
      reported_version: 1,
    });
    expect(await state('firewall')).toMatchObject({ state: 'in_sync', reported_hash: 'f0' });
  });

  it('fetches the documents it lacks before deciding', async () => {
    const doc = { deviceName: 'Mine', remoteHelp: true };
    script['config.get'] = () => ({
      sections: [{ section: 'general', version: 0, hash: sectionHash(doc), doc }],
    });
    const reads = vi.spyOn(store, 'list');
    try {
      await engine.reconcile(DEVICE, report({ general: { version: 0, hash: sectionHash(doc) } }));
      // The fetched documents are decided on as their write stored them, not read again (a fleet
      // enrolling at once read every new device's sections twice).
      expect(reads).toHaveBeenCalledTimes(1);
    } finally {
      reads.mockRestore();
    }
    expect(calls).toEqual(['config.get']);
    expect(JSON.parse((await state('general')).reported!)).toEqual(doc);
  });

  it('marks a refused change failed with the device words, and leaves it to the operator', async () => {
    script['config.apply'] = () => {
      throw new DeviceRpcError('remote', 'uci: Invalid argument', 'failed');
    };
    await desire('general', { deviceName: 'X', remoteHelp: false });
    await engine.push(DEVICE, 'general');
    expect(await state('general')).toMatchObject({
      state: 'failed',
      outcome: 'failed',
      last_error: 'uci: Invalid argument',
      last_error_code: 'applyError',
    });
    calls = [];
    await engine.reconcile(DEVICE, report({ general: { version: 0, hash: 'x' } }));
    expect(calls).toEqual(['config.get']);
  });

  it('lets a late answer about an old version settle nothing', async () => {
    script['config.apply'] = gone;
    await desire('wan', WAN);
    await engine.push(DEVICE, 'wan');
    await desire('wan', { ...WAN, savedNetworks: [], list: [{ ...WAN.list[0]!, ip: '10.1.2.4' }] });
    script['config.confirm'] = (p) => ({ ...p, outcome: 'unknown' });
    await engine.heard(DEVICE);
    // Version 1 is unknown to the device, but version 2 has replaced it: nothing is sent for version 1.
    expect(calls).toEqual(['config.apply', 'config.confirm']);
    expect(await state('wan')).toMatchObject({ state: 'pending', desired_version: 2 });
  });

  describe('under faults', () => {
    const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined } as never;
    const engineWith = (over: Partial<Parameters<typeof applyEngine>[0]> = {}) =>
      applyEngine({
        store,
        confirmTimeoutMs: 60_000,
        log: quiet,
        devices: { get: () => ({ online: true }) as DeviceView },
        rpc: {
          call: (async (_id: string, method: RpcMethod, params: Record<string, unknown>) => {
            calls.push(method);
            const answer = script[method];
            if (!answer) throw new Error(`unexpected ${method}`);
            return answer(params);
          }) as never,
        },
        ...over,
      });

    it('runs an attempt again when the device comes back while it waits for it', async () => {
      let release: () => void = () => undefined;
      // The first attempt went to a connection that is gone: it waits out its deadline, unheard.
      script['config.apply'] = () =>
        new Promise((_, reject) => {
          release = () => reject(new DeviceRpcError('deviceTimeout', 'Device did not answer.'));
        });
      await desire('general', { deviceName: 'Again', remoteHelp: false });
      const first = engine.push(DEVICE, 'general');
      await vi.waitFor(() => expect(calls).toEqual(['config.apply']));
      // The device reconnects meanwhile: its trigger must not be lost.
      await engine.returned(DEVICE);
      script['config.apply'] = applied;
      release();
      await first;
      await engine.settled();
      expect(calls).toEqual(['config.apply', 'config.apply']);
      expect(await state('general')).toMatchObject({ state: 'in_sync', outcome: 'applied' });
    });

    it('sends what is still pending to devices online, without any trigger', async () => {
      await desire('general', { deviceName: 'Swept', remoteHelp: false });
      script['config.apply'] = applied;
      await engine.resendPending();
      await engine.settled();
      expect(calls).toEqual(['config.apply']);
      expect((await state('general')).state).toBe('in_sync');
    });

    it('after a stop during an apply that may cut the device off, waits for its word and keeps its rollback', async () => {
      await desire('wan', WAN);
      await store.transition(DEVICE, 'wan', 1, { state: 'applying' });
      const restarted = engineWith();
      await restarted.start();
      restarted.stop();
      expect(await state('wan')).toMatchObject({ state: 'awaiting_confirm' });
      // Coming back sends nothing by itself: the device says what became of the change.
      await restarted.returned(DEVICE);
      await restarted.settled();
      expect(calls).toEqual([]);
      await restarted.reconcile(DEVICE, report({ wan: { version: 0, hash: 'h', rolledBack: 1 } }));
      await restarted.settled();
      expect(await state('wan')).toMatchObject({ state: 'rolled_back', outcome: 'rolled_back' });
      expect(calls).not.toContain('config.apply');
    });

    it('after a stop during another apply, sends it again', async () => {
      await desire('general', { deviceName: 'Resent', remoteHelp: false });
      await store.transition(DEVICE, 'general', 1, { state: 'applying' });
      script['config.apply'] = applied;
      const restarted = engineWith();
      await restarted.start();
      restarted.stop();
      expect((await state('general')).state).toBe('pending');
    });

    it('does not show "awaiting confirmation" past the window, and believes what the device reports after', async () => {
      await desire('wan', WAN);
      await store.transition(DEVICE, 'wan', 1, { state: 'awaiting_confirm', confirm_by: Date.now() + 100 });
      const waiting = engineWith({ confirmGraceMs: 0 });
      await waiting.start();
      try {
        await vi.waitFor(async () => expect((await state('wan')).state).toBe('rolled_back'), {
          timeout: 2000,
        });
        expect(await state('wan')).toMatchObject({ outcome: null, confirm_by: null });
        // The device had the change confirmed after all: its report says it holds the version.
        await waiting.reconcile(DEVICE, report({ wan: { version: 1, hash: 'h' } }));
        expect(await state('wan')).toMatchObject({
          state: 'in_sync',
          outcome: 'confirmed',
          last_error_code: null,
        });
      } finally {
        waiting.stop();
      }
    });

    it('leaves a presumed rollback rolled back when the device reports the previous version', async () => {
      await desire('wan', WAN);
      await store.transition(DEVICE, 'wan', 1, { state: 'awaiting_confirm', confirm_by: Date.now() - 1 });
      const waiting = engineWith({ confirmGraceMs: 0 });
      await waiting.start();
      try {
        await vi.waitFor(async () => expect((await state('wan')).state).toBe('rolled_back'), {
          timeout: 2000,
        });
        await waiting.reconcile(DEVICE, report({ wan: { version: 0, hash: 'h' } }));
        expect(await state('wan')).toMatchObject({ state: 'rolled_back', outcome: 'rolled_back' });
        expect(calls).not.toContain('config.apply');
      } finally {
        waiting.stop();
      }
    });
  });
});
