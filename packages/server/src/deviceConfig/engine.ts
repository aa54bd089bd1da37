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
 * about an old version never settles a newer change; the moves that follow a device's answer also name the
 * states they may leave, so an answer that lands after the device reported a rollback does not undo it.
 *
 * Delivery never depends on one trigger: a reconnect that arrives while an attempt waits for the device
 * runs the attempt again when it ends, and a claimed scheduled task sends whatever is still pending to devices
 * online (a trigger can be lost: a restart, a broker outage, a device heard before its report). A confirmation
 * waited for past its window is given up (the device restores its previous document by itself) and the
 * device's next report says what it holds.
 */
import {
  applyMayCutOff,
  messages,
  type AppliedSection,
  type ConfigReport,
  type SectionKey,
  type SectionState,
  type SectionStatus,
} from '@edge/protocol';
import { DeviceRpcError, type DeviceDirectory, type RpcService } from '../devices/index.ts';
import { batcher } from '../lib/batcher.ts';
import type { BusLog } from '../gateway/index.ts';
import { storedDoc } from './presenter.ts';
import { engineWork } from './engine-work.ts';
import { confirmWindows } from './confirm-windows.ts';
import { onlineWait } from './online-wait.ts';
import { ENGINE_OWNS, OPERATOR_DECIDES, inSync, notHeard, presumedRollback } from './section-rules.ts';
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
  /** How long after its window an unconfirmed change is given up (the device's own clock may lag). */
  confirmGraceMs?: number;
  now?: () => number;
}

export function applyEngine(opts: ApplyEngineOptions) {
  const { store, rpc, log } = opts;
  const now = opts.now ?? Date.now;
  const applyDeadlineMs = opts.applyDeadlineMs ?? 20_000;
  const confirmDeadlineMs = opts.confirmDeadlineMs ?? 5_000;
  const confirmGraceMs = opts.confirmGraceMs ?? 2_000;

  const failed = (deviceId: string) => (err: unknown) => {
    if (!work.stopped) log.error({ err, deviceId }, 'configuration delivery failed');
  };
  const work = engineWork(failed);
  const { once, inBackground } = work;
  const windows = confirmWindows({
    graceMs: confirmGraceMs,
    now,
    passed: (deviceId, section, version) =>
      void windowPassed(deviceId, section, version).catch(failed(deviceId)),
  });
  const { remember, forget } = windows;
  const reports = onlineWait(opts.devices, opts.onlineGraceMs ?? 5000);

  /** Stores what the device reports it holds, all sections of one report in one write. */
  const record = (deviceId: string, ...applied: AppliedSection[]) =>
    store.writeReported(
      deviceId,
      applied.map((a) => ({ section: a.section, doc: a.doc, version: a.version, hash: a.hash, at: now() })),
    );

  async function awaitConfirm(deviceId: string, section: SectionKey, version: number, inMs: number) {
    const confirmBy = now() + inMs;
    if (
      await store.transition(
        deviceId,
        section,
        version,
        { state: 'awaiting_confirm', confirm_by: confirmBy, last_error: null, last_error_code: null },
        ENGINE_OWNS,
      )
    )
      remember(deviceId, section, version, confirmBy);
  }

  /**
   * The window passed without the device's word: it has restored its previous document by itself (it
   * confirms only when told to, and nothing got through). Shown rolled back, with no outcome, until it
   * reports what it holds (settle).
   */
  async function windowPassed(deviceId: string, section: SectionKey, version: number) {
    forget(deviceId, section, version);
    await store.transition(
      deviceId,
      section,
      version,
      {
        state: 'rolled_back',
        outcome: null,
        last_error: messages.configRolledBack,
        last_error_code: 'configRolledBack',
        confirm_by: null,
      },
      ['awaiting_confirm'],
    );
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
      else await store.transition(deviceId, section, version, { state: 'pending' }, ENGINE_OWNS);
      return;
    }
    if (!(err instanceof DeviceRpcError) && !work.stopped)
      log.error({ err, deviceId, section }, 'configuration apply failed');
    await store.transition(
      deviceId,
      section,
      version,
      {
        state: 'failed',
        outcome: 'failed',
        last_error: err instanceof Error ? err.message : String(err),
        last_error_code: 'applyError',
        confirm_by: null,
      },
      ENGINE_OWNS,
    );
  }

  async function apply(deviceId: string, section: SectionKey, row: SectionRow): Promise<void> {
    const version = row.desired_version;
    const desired = storedDoc(section, row.desired);
    if (!desired) return;
    if (!opts.devices.get(deviceId)?.online) {
      await store.transition(deviceId, section, version, { state: 'pending' }, ENGINE_OWNS);
      return;
    }
    const cutOff = applyMayCutOff(section, storedDoc(section, row.reported), desired);
    if (!(await store.transition(deviceId, section, version, { state: 'applying' }, ENGINE_OWNS))) return;
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
      await store.transition(deviceId, section, version, inSync('applied'), ENGINE_OWNS);
      return;
    }
    await awaitConfirm(deviceId, section, version, result.confirmInMs ?? opts.confirmTimeoutMs);
    // The answer came over whatever network the change left the device with: confirm right away.
    await confirm(deviceId, section, version);
  }

  /**
   * Sends the section's desired version to the device (or leaves it pending while the device is away). A
   * push while one runs makes it run again afterwards if the section is still pending then: the trigger
   * may be the device coming back while the running attempt waits out its deadline. `known`: the row as a
   * write just returned it, which spares reading it again (every transition checks the version anyway).
   */
  async function push(deviceId: string, section: SectionKey, known?: SectionRow): Promise<void> {
    let row = known ?? (await store.get(deviceId, section));
    if (!row || row.desired === null) return;
    await once(
      `${deviceId}/${section}/apply`,
      () => apply(deviceId, section, row!),
      async () => {
        row = await store.get(deviceId, section);
        return row?.state === 'pending' && !!opts.devices.get(deviceId)?.online;
      },
    );
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
      // The device's own word: it overrides a rollback the console only presumed when the window passed.
      if (outcome === 'confirmed')
        await store.transition(deviceId, section, version, inSync('confirmed'), [
          ...ENGINE_OWNS,
          'rolled_back',
        ]);
      else if (outcome === 'rolledBack') await rolledBack(deviceId, section, version);
      // The device never applied this version: send it, unless a newer change has taken its place.
      else if (
        await store.transition(
          deviceId,
          section,
          version,
          { state: 'pending', confirm_by: null },
          ENGINE_OWNS,
        )
      )
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
    if (!row || row.desired === null) return;
    const presumed = presumedRollback(row);
    if (OPERATOR_DECIDES.has(row.state as SectionState) && !presumed) return;
    const version = row.desired_version;
    if (status.rolledBack === version) return rolledBack(deviceId, section, version);
    if (status.awaitingConfirm === version) {
      remember(deviceId, section, version, row.confirm_by ?? now() + opts.confirmTimeoutMs);
      return confirm(deviceId, section, version);
    }
    // A presumed rollback the device does not contradict: it holds another version, so it did roll back.
    if (status.version !== version)
      return presumed ? rolledBack(deviceId, section, version) : push(deviceId, section);
    if (row.state === 'in_sync') return;
    // The device has the desired version and waits for nothing: the answer that said so was lost.
    forget(deviceId, section, version);
    const cutOffChange = row.state === 'awaiting_confirm' || presumed;
    await store.transition(
      deviceId,
      section,
      version,
      inSync(cutOffChange ? 'confirmed' : 'applied'),
      presumed ? ['rolled_back'] : ENGINE_OWNS,
    );
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
        inBackground(deviceId, async () => {
          for (const section of keys) await push(deviceId, section);
        });
    },
    512,
  );

  /**
   * Sends what is still pending to the devices online: the retry behind every lost trigger. Run by the
   * scheduler (deviceConfig/resend-task.ts), claimed per occurrence, so of replicas sharing a store one resends.
   */
  async function resendPending(): Promise<void> {
    for (const row of await store.withState('pending')) {
      const { device_id: deviceId } = row;
      const section = row.section as SectionKey;
      if (opts.devices.get(deviceId)?.online && !work.running(`${deviceId}/${section}/apply`))
        inBackground(deviceId, () => push(deviceId, section));
    }
  }
  return {
    push,
    resendPending,

    /**
     * Starts sending the section's desired version (`written`: its row as just stored); resolves at once (the
     * section's state tells the rest).
     */
    deliver(deviceId: string, section: SectionKey, written?: SectionRow): void {
      inBackground(deviceId, () => push(deviceId, section, written));
    },

    /**
     * Picks up what a previous run left: the confirmations it waited for, and the applies it was making when
     * it stopped. Whether those reached the device only the device knows: one that may cut it off waits for
     * its word (it reports the rollback, or that it waits for the confirmation), the others are sent again.
     */
    async start(): Promise<void> {
      for (const row of await store.withState('applying')) {
        const section = row.section as SectionKey;
        const desired = storedDoc(section, row.desired);
        const cutOff = desired !== null && applyMayCutOff(section, storedDoc(section, row.reported), desired);
        if (cutOff) await awaitConfirm(row.device_id, section, row.desired_version, opts.confirmTimeoutMs);
        else
          await store.transition(row.device_id, section, row.desired_version, { state: 'pending' }, [
            'applying',
          ]);
      }
      for (const row of await store.withState('awaiting_confirm'))
        remember(
          row.device_id,
          row.section as SectionKey,
          row.desired_version,
          row.confirm_by ?? now() + opts.confirmTimeoutMs,
        );
    },

    /**
     * Stops starting work. Deliveries on their way are not waited for: their device calls fail as the device
     * bus closes, and what they leave (applying) the next start picks up.
     */
    stop(): void {
      work.stop();
      windows.stop();
    },

    /** Resolves when the deliveries started so far have ended (tests). */
    settled: work.settled,

    /** A `config` report: record what changed, fetch documents the console lacks, then settle each section. */
    async reconcile(deviceId: string, report: ConfigReport): Promise<void> {
      await reports.until(deviceId);
      await record(deviceId, ...report.docs);
      const rows = new Map((await store.list(deviceId)).map((r) => [r.section as SectionKey, r]));
      const statuses = Object.entries(report.sections) as [SectionKey, SectionStatus][];
      const lacking = statuses
        .filter(([s, status]) => rows.get(s)?.reported_hash !== status.hash)
        .map(([s]) => s);
      if (lacking.length > 0) {
        try {
          const { sections } = await rpc.call(deviceId, 'config.get', { sections: lacking });
          // The write gives back the rows as stored: a new device's first report needs no second read.
          for (const row of await record(deviceId, ...sections)) rows.set(row.section as SectionKey, row);
        } catch (err) {
          if (!notHeard(err)) log.warn({ err, deviceId }, 'configuration read failed');
        }
      }
      for (const [section, status] of statuses) await settle(deviceId, section, status, rows.get(section));
    },

    /**
     * The device was heard from (heartbeat, connect): confirm what it waits for. Nothing to wait for when it
     * waits for nothing: this runs on every heartbeat of every device.
     */
    heard(deviceId: string): Promise<void> | undefined {
      reports.heard(deviceId);
      const waited = windows.of(deviceId);
      if (waited.length === 0) return undefined;
      return (async () => {
        for (const [section, version] of waited) await confirm(deviceId, section, version);
      })();
    },

    /**
     * The device is back (online again, perhaps without reconnecting: its heartbeats had only paused):
     * send what waited for it. A reconnect also sends a report; the two never apply one version twice at once.
     * Resolves once looked up; the deliveries go on.
     */
    returned: (deviceId: string): Promise<void> => comingBack.add(deviceId),

    forgetDevice(deviceId: string): void {
      for (const [section] of windows.of(deviceId)) forget(deviceId, section);
    },
  };
}

export type ApplyEngine = ReturnType<typeof applyEngine>;
