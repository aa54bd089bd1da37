/**
 * The console's apply engine (ARCHITECTURE, "Configuration: desired and reported"): sends a device the
 * desired version of a section, confirms changes that may cut it off, and reconciles what the device
 * reports on every connect (device-config.ts) with what the console wants.
 *
 * - A change that may cut the device off (applyMayCutOff) goes with a confirm timeout. The console
 *   confirms as soon as it hears from the device after the apply: the apply's own answer, else the
 *   next heartbeat or connect. A device that never gets through rolls back by itself and says so when
 *   it returns; the section is then rolled_back.
 * - A device that comes back with an older version than desired is sent the desired one, unless the
 *   last attempt ended rolled_back or failed: pushing it again would cut it off or fail again, so the
 *   operator decides.
 * - The same version with another hash is a change made on the device: recorded, shown as drift,
 *   not overwritten.
 *
 * Every state move names the desired version it is about (ConfigStore.transition), so a late answer
 * about an old version never settles a newer change.
 */
import {
  applyMayCutOff,
  messages,
  type AppliedSection,
  type ConfigReport,
  type SectionKey,
  type SectionStatus,
} from '@edge/protocol';
import { DeviceRpcError, type DeviceDirectory, type RpcService } from '../devices/index.ts';
import { batcher } from '../devices/batcher.ts';
import type { BusLog } from '../gateway/index.ts';
import { storedDoc } from './presenter.ts';
import type { ConfigStore, SectionRow } from './store.ts';

export interface ApplyEngineOptions {
  store: ConfigStore;
  rpc: RpcService;
  devices: Pick<DeviceDirectory, 'get'>;
  log: BusLog;
  /** How long a device waits for the confirmation of a change that may cut it off. */
  confirmTimeoutMs: number;
  /** Budget of config.apply: the device answers once the change has taken effect (services reloaded). */
  applyDeadlineMs?: number;
  confirmDeadlineMs?: number;
  /** How long a report that overtook the device's hello waits for the device to count as online. */
  onlineGraceMs?: number;
  now?: () => number;
}

/** Failures that say nothing about the change, only that the device was not heard. */
const NOT_HEARD = new Set(['deviceOffline', 'deviceTimeout', 'stopped', 'unknownDevice']);
const notHeard = (err: unknown) => err instanceof DeviceRpcError && NOT_HEARD.has(err.reason);
/** States the engine leaves to the operator. */
const OPERATOR_DECIDES = new Set(['rolled_back', 'failed']);

export function applyEngine(opts: ApplyEngineOptions) {
  const { store, rpc, log } = opts;
  const now = opts.now ?? Date.now;
  const applyDeadlineMs = opts.applyDeadlineMs ?? 20_000;
  const confirmDeadlineMs = opts.confirmDeadlineMs ?? 5_000;
  /** Device -> section -> version applied with confirm-or-rollback and not confirmed yet. */
  const awaiting = new Map<string, Map<SectionKey, number>>();
  /** Applies and confirms on their way, so two triggers never send the same one twice at once. */
  const inFlight = new Set<string>();

  function remember(deviceId: string, section: SectionKey, version: number): void {
    let sections = awaiting.get(deviceId);
    if (!sections) awaiting.set(deviceId, (sections = new Map()));
    sections.set(section, version);
  }

  /** Stops waiting for a section's confirmation (of `version` only, when given: a newer one may be waited for). */
  function forget(deviceId: string, section: SectionKey, version?: number): void {
    const sections = awaiting.get(deviceId);
    if (version !== undefined && sections?.get(section) !== version) return;
    sections?.delete(section);
    if (sections?.size === 0) awaiting.delete(deviceId);
  }

  async function once(key: string, task: () => Promise<void>): Promise<void> {
    if (inFlight.has(key)) return;
    inFlight.add(key);
    try {
      await task();
    } finally {
      inFlight.delete(key);
    }
  }

  /** Stores what the device reports it holds, all sections of one report in one write. */
  const record = (deviceId: string, ...applied: AppliedSection[]) =>
    store.writeReported(
      deviceId,
      applied.map((a) => ({ section: a.section, doc: a.doc, version: a.version, hash: a.hash, at: now() })),
    );

  async function awaitConfirm(deviceId: string, section: SectionKey, version: number, inMs: number) {
    await store.transition(deviceId, section, version, {
      state: 'awaiting_confirm',
      confirm_by: now() + inMs,
    });
    remember(deviceId, section, version);
  }

  async function rolledBack(deviceId: string, section: SectionKey, version: number) {
    forget(deviceId, section, version);
    await store.transition(deviceId, section, version, {
      state: 'rolled_back',
      outcome: 'rolled_back',
      last_error: messages.configRolledBack,
      last_error_code: 'configRolledBack',
      confirm_by: null,
    });
  }

  async function applyFailed(
    deviceId: string,
    section: SectionKey,
    version: number,
    cutOff: boolean,
    err: unknown,
  ) {
    if (notHeard(err)) {
      // Whether the change reached the device only the device knows. With confirm-or-rollback it says so
      // when it returns (rolled back, or waiting for the confirmation); otherwise it is simply sent again.
      if (cutOff) await awaitConfirm(deviceId, section, version, opts.confirmTimeoutMs);
      else await store.transition(deviceId, section, version, { state: 'pending' });
      return;
    }
    if (!(err instanceof DeviceRpcError)) log.error({ err, deviceId, section }, 'configuration apply failed');
    await store.transition(deviceId, section, version, {
      state: 'failed',
      outcome: 'failed',
      last_error: err instanceof Error ? err.message : String(err),
      last_error_code: 'applyError',
      confirm_by: null,
    });
  }

  async function apply(deviceId: string, section: SectionKey, row: SectionRow): Promise<void> {
    const version = row.desired_version;
    const desired = storedDoc(section, row.desired);
    if (!desired) return;
    if (!opts.devices.get(deviceId)?.online) {
      await store.transition(deviceId, section, version, { state: 'pending' });
      return;
    }
    const cutOff = applyMayCutOff(section, storedDoc(section, row.reported), desired);
    await store.transition(deviceId, section, version, { state: 'applying' });
    let result;
    try {
      result = await rpc.call(
        deviceId,
        'config.apply',
        { section, doc: desired, version, ...(cutOff && { confirmTimeoutMs: opts.confirmTimeoutMs }) },
        { deadlineMs: applyDeadlineMs },
      );
    } catch (err) {
      await applyFailed(deviceId, section, version, cutOff, err);
      return;
    }
    await record(deviceId, result);
    if (!result.awaitingConfirm) {
      // The device dropped whatever confirmation it waited for in this section: this apply replaced it.
      forget(deviceId, section);
      await store.transition(deviceId, section, version, {
        state: 'in_sync',
        outcome: 'applied',
        confirm_by: null,
      });
      return;
    }
    await awaitConfirm(deviceId, section, version, result.confirmInMs ?? opts.confirmTimeoutMs);
    // The answer came over whatever network the change left the device with: confirm right away.
    await confirm(deviceId, section, version);
  }

  /** Sends the section's desired version to the device (or leaves it pending while the device is away). */
  async function push(deviceId: string, section: SectionKey): Promise<void> {
    const row = await store.get(deviceId, section);
    if (!row || row.desired === null) return;
    await once(`${deviceId}/${section}/apply/${row.desired_version}`, () => apply(deviceId, section, row));
  }

  async function confirm(deviceId: string, section: SectionKey, version: number): Promise<void> {
    await once(`${deviceId}/${section}/confirm/${version}`, async () => {
      let outcome;
      try {
        ({ outcome } = await rpc.call(
          deviceId,
          'config.confirm',
          { section, version },
          { deadlineMs: confirmDeadlineMs },
        ));
      } catch (err) {
        // Not heard: tried again whenever the device is heard from, until it confirms or reports a rollback.
        if (!notHeard(err)) log.warn({ err, deviceId, section }, 'configuration confirm failed');
        return;
      }
      forget(deviceId, section, version);
      if (outcome === 'confirmed')
        await store.transition(deviceId, section, version, {
          state: 'in_sync',
          outcome: 'confirmed',
          confirm_by: null,
        });
      else if (outcome === 'rolledBack') await rolledBack(deviceId, section, version);
      // The device never applied this version: send it, unless a newer change has taken its place.
      else if (await store.transition(deviceId, section, version, { state: 'pending', confirm_by: null }))
        await push(deviceId, section);
    });
  }

  /** What a reported status means for a section the console has a desired document for. */
  async function settle(
    deviceId: string,
    section: SectionKey,
    status: SectionStatus,
    row: SectionRow | undefined,
  ) {
    if (!row || row.desired === null || OPERATOR_DECIDES.has(row.state)) return;
    const version = row.desired_version;
    if (status.rolledBack === version) return rolledBack(deviceId, section, version);
    if (status.awaitingConfirm === version) {
      remember(deviceId, section, version);
      return confirm(deviceId, section, version);
    }
    if (status.version !== version) return push(deviceId, section);
    if (row.state === 'in_sync') return;
    // The device has the desired version and waits for nothing: the answer that said so was lost.
    forget(deviceId, section, version);
    await store.transition(deviceId, section, version, {
      state: 'in_sync',
      outcome: row.state === 'awaiting_confirm' ? 'confirmed' : 'applied',
      confirm_by: null,
    });
  }

  /**
   * Devices back online, looked up together: a reconnect storm brings 10,000 in a minute, and a query each
   * queued on the pool ahead of everything else the storm needs from the database.
   */
  const comingBack = batcher<string>(
    (deviceId) => deviceId,
    async (deviceIds) => {
      const sections = new Map<string, SectionKey[]>();
      for (const row of await store.undelivered(deviceIds))
        sections.set(row.device_id, [...(sections.get(row.device_id) ?? []), row.section as SectionKey]);
      // Delivered on their own time (an apply may wait 20 s for its device): the next batch does not wait.
      for (const [deviceId, keys] of sections)
        void (async () => {
          for (const section of keys) await push(deviceId, section);
        })().catch((err: unknown) => log.error({ err, deviceId }, 'configuration delivery failed'));
    },
    512,
  );

  /**
   * Reports waiting for their device to count as online, by device. One map the inbox's change listener
   * (heard) settles, not a listener per waiting report: in a reconnect storm thousands of reports arrive
   * before their devices' hellos, and a listener each made every device change walk all of them.
   */
  const waitingForOnline = new Map<string, (() => void)[]>();

  /** Resolves once the device counts as online, or after the grace period. */
  function online(deviceId: string): Promise<void> {
    if (opts.devices.get(deviceId)?.online) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, opts.onlineGraceMs ?? 5000);
      function done() {
        clearTimeout(timer);
        const waiters = waitingForOnline.get(deviceId);
        const rest = waiters?.filter((w) => w !== done);
        if (rest?.length) waitingForOnline.set(deviceId, rest);
        else waitingForOnline.delete(deviceId);
        resolve();
      }
      waitingForOnline.set(deviceId, [...(waitingForOnline.get(deviceId) ?? []), done]);
    });
  }

  return {
    push,

    /** Picks up the confirmations a previous run was waiting for. */
    async start(): Promise<void> {
      for (const row of await store.withState('awaiting_confirm'))
        remember(row.device_id, row.section as SectionKey, row.desired_version);
    },

    /** A `config` report: record what changed, fetch documents the console lacks, then settle each section. */
    async reconcile(deviceId: string, report: ConfigReport): Promise<void> {
      await online(deviceId);
      await record(deviceId, ...report.docs);
      let rows = new Map((await store.list(deviceId)).map((r) => [r.section as SectionKey, r]));
      const statuses = Object.entries(report.sections) as [SectionKey, SectionStatus][];
      const lacking = statuses
        .filter(([s, status]) => rows.get(s)?.reported_hash !== status.hash)
        .map(([s]) => s);
      if (lacking.length > 0) {
        try {
          const { sections } = await rpc.call(deviceId, 'config.get', { sections: lacking });
          await record(deviceId, ...sections);
          rows = new Map((await store.list(deviceId)).map((r) => [r.section as SectionKey, r]));
        } catch (err) {
          if (!notHeard(err)) log.warn({ err, deviceId }, 'configuration read failed');
        }
      }
      for (const [section, status] of statuses) await settle(deviceId, section, status, rows.get(section));
    },

    /** The device was heard from (heartbeat, connect): confirm what it waits for. */
    async heard(deviceId: string): Promise<void> {
      for (const done of waitingForOnline.get(deviceId) ?? []) done();
      const sections = awaiting.get(deviceId);
      if (!sections) return;
      for (const [section, version] of [...sections]) await confirm(deviceId, section, version);
    },

    /**
     * The device is back (online again, perhaps without reconnecting: its heartbeats had only paused):
     * send what waited for it. A reconnect also sends a report; the two never apply one version twice at once.
     * Resolves once looked up; the deliveries go on.
     */
    returned: (deviceId: string): Promise<void> => comingBack.add(deviceId),

    forgetDevice(deviceId: string): void {
      awaiting.delete(deviceId);
    },
  };
}

export type ApplyEngine = ReturnType<typeof applyEngine>;
