/**
 * Runs job steps on the devices this console can reach. Each tick: steps whose console died are recovered,
 * steps past the deadline expire, then per running job the stop rule and the canary wave are checked and
 * free concurrency is claimed through leases. Steps of offline devices wait; a device coming online starts
 * a tick at once. Other replicas do the same; the database decides who gets each step.
 */
import { randomBytes } from 'node:crypto';
import type { BusLog } from '../gateway/index.ts';
import type { DeviceDirectory } from '../devices/index.ts';
import type { RpcService } from '../devices/rpc.ts';
import type { JobKinds, StepOutcome } from './kinds.ts';
import type { StepView } from '@edge/protocol';
import type { ClaimedStep, JobRow, JobStore } from './store.ts';
import type { StepEnd } from './leases.ts';
import { passedFailLimit } from './rows.ts';
import { ownTurn } from '../lib/own-turn.ts';
import { outsideOperatorLane } from '../db/pool-lanes.ts';
import type { StepLines } from './lines.ts';
import type { JobChanges } from './changes.ts';

export interface JobTimings {
  /** How often a console looks for work besides the events that wake it. */
  tickMs: number;
  /** How long a claim holds unless renewed; renewed every third of it. */
  leaseMs: number;
}

/** Ticks asked for by events (steps ending, devices coming online) run at most this often. */
const MIN_TICK_GAP_MS = 50;
/**
 * Steps claimed per transaction. SQLite's driver is synchronous: a claim of a fleet-wide job's first
 * thousand steps in one transaction held the event loop (and the one connection) for a whole batch of
 * updates; in transactions of this many, requests are answered between them.
 */
const CLAIM_BATCH = 100;
/** How often the progress of running steps is written (each report is announced at once). */
const PROGRESS_FLUSH_MS = 500;
/** How long a step's end waits to be written with the others ending meanwhile. */
const END_FLUSH_MS = 100;

export const reasons = {
  consoleDied: 'The console running this step stopped before it finished.',
  expired: 'The device did not come online before the job deadline.',
  cancelled: 'Cancelled by an operator.',
  stopRule: 'Stopped: the share of failed steps passed the limit.',
  canary: 'Stopped: the canary wave did not succeed.',
};

export function jobRunner(deps: {
  store: JobStore;
  kinds: JobKinds;
  rpc: RpcService;
  devices: DeviceDirectory;
  changes: JobChanges;
  lines: StepLines;
  log: BusLog;
  timings: JobTimings;
}) {
  const { store, kinds, changes, lines, log, timings } = deps;
  // Unique per process: a restarted console does not inherit the claims of the one that died.
  const owner = randomBytes(8).toString('hex');
  const inFlight = new Set<Promise<void>>();
  let stopping = false;
  let ticking: Promise<void> | undefined;
  let again = false;

  async function announceJob(jobId: number) {
    const job = await store.view(jobId);
    if (job) changes.emit({ type: 'job', job });
  }
  const announceStep = (jobId: number, step: StepView) => changes.emit({ type: 'step', jobId, step });

  /**
   * The newest progress of each running step here, not yet written: every output line is announced at once
   * (the live channel gets each, in order) while the rows are written together every PROGRESS_FLUSH_MS, in
   * one transaction, instead of a write and a read per line of each of a thousand pings at once.
   */
  const unwritten = new Map<number, { progress: number; note: string | null; at: number }>();
  /** Steps whose lease this console lost: their reports are no longer announced. */
  const lost = new Set<number>();
  let flushing: Promise<void> = Promise.resolve();
  function flushProgress(): Promise<void> {
    flushing = flushing.then(async () => {
      if (!unwritten.size || stopping) return;
      const updates = [...unwritten].map(([stepId, u]) => ({ stepId, ...u }));
      unwritten.clear();
      try {
        for (const id of await store.progress(owner, updates)) lost.add(id);
      } catch (err) {
        log.error({ err }, 'job step progress write failed');
      }
    });
    return flushing;
  }

  /**
   * The devices online, looked up once per change: every tick claims, and a scan of the fleet per tick was a
   * twentieth of the console's time during a fleet-wide job. A device goes on or off line only with an
   * 'online' or 'offline' change (devices/presence.ts), which drops the set; an adopted or removed device
   * changes the registry's membership.
   */
  let onlineSet: { ids: Set<string>; membership: number } | undefined;
  function onlineDevices(): Set<string> {
    const membership = deps.devices.membership();
    if (onlineSet?.membership === membership) return onlineSet.ids;
    const ids = new Set<string>();
    for (const device of deps.devices.scan()) if (device.online) ids.add(device.record.id);
    onlineSet = { ids, membership };
    return ids;
  }

  /**
   * Jobs whose canary wave all succeeded: it stays so (a re-run queues only failed steps again), and
   * counting the canary's steps on every tick read each of a fleet-wide job's steps.
   */
  const canaryPassed = new Set<number>();

  /**
   * The highest wave allowed to run, or undefined when the job was halted. The stop rule is checked by the
   * claim, which counts the job's steps anyway; here only where the canary decides.
   */
  async function openWave(job: JobRow, now: number): Promise<number | undefined> {
    if (job.options.canaryShare === 0 || canaryPassed.has(job.id)) return 1;
    const canary = await store.waveCounts(job.id, 0);
    if (canary.finished < canary.total) return 0;
    if (canary.succeeded === canary.total) {
      canaryPassed.add(job.id);
      return 1;
    }
    // The stop rule's word first, as when both apply.
    const passed = passedFailLimit(await store.counts(job.id), job.options);
    await store.halt(job.id, 'stopped', passed ? reasons.stopRule : reasons.canary, now);
    return undefined;
  }

  async function runStep(job: JobRow, step: ClaimedStep): Promise<void> {
    lines.clear(step.id);
    lost.delete(step.id);
    // The step as this console knows it while it runs: announced at each report without reading it back.
    let view = step.view;
    announceStep(job.id, view);
    const onProgress = (progress: number, note?: string) => {
      if (stopping || lost.has(step.id)) return;
      if (note) lines.add(step.id, note);
      const at = Date.now();
      unwritten.set(step.id, { progress, note: note ?? null, at });
      view = { ...view, progress, note: note ?? null, updatedAt: at };
      announceStep(job.id, view);
    };
    // Each step does its first work (an RPC sent, a desired document stored: synchronous on SQLite) in a
    // turn of the event loop of its own, so the requests that came meanwhile are answered between two steps:
    // fifty per turn held the loop for over a second in a profile rollout at 10,000 devices.
    await ownTurn();
    // Stopping meanwhile: close() hands the claim back (queued or interrupted).
    if (stopping) return;
    let outcome: StepOutcome;
    try {
      const kind = kinds.get(job.kind)!;
      outcome = await kind.run({
        jobId: job.id,
        deviceId: step.deviceId,
        params: kind.params.parse(job.params),
        attempt: step.attempts,
        progress: onProgress,
        call: (method, params, options) =>
          deps.rpc.call(step.deviceId, method, params, {
            deadlineMs: options?.deadlineMs,
            onProgress: (progress, note) => {
              options?.onProgress?.(progress, note);
              onProgress(progress, note);
            },
          }),
      });
    } catch (err) {
      outcome = { ok: false, reason: err instanceof Error ? err.message : String(err) };
    }
    // The newest report not yet written goes with the end, which the next write of ends carries.
    unwritten.delete(step.id);
    // Stopping: close() hands the claim back (queued or interrupted); the RPC failed because of the stop.
    if (stopping) return;
    const at = Date.now();
    const end: StepEnd = outcome.ok
      ? {
          stepId: step.id,
          state: 'succeeded',
          reason: null,
          result: outcome.result,
          progress: 100,
          note: view.note,
          at,
        }
      : {
          stepId: step.id,
          state: 'failed',
          reason: outcome.reason,
          result: outcome.result,
          progress: view.progress,
          note: view.note,
          at,
        };
    const finished: StepView = {
      ...view,
      state: end.state,
      reason: end.reason,
      result: end.result ?? null,
      progress: end.progress,
      finishedAt: at,
      updatedAt: at,
    };
    // Resolved once written: the step stays in flight (its lease renewed) until then.
    await new Promise<void>((resolve, reject) => {
      ended.push({ end, jobId: job.id, view: finished, resolve, reject });
      endTimer ??= setTimeout(() => void flushEnds(), END_FLUSH_MS);
    });
  }

  /**
   * Steps ended here, written together every END_FLUSH_MS (store.finishMany) with the settle of their jobs
   * after them: a fleet-wide job's steps end hundreds a second, and a write, a settle and a tick for each
   * held the event loop (SQLite's driver is synchronous) more than any other part of the run. Written in the
   * same chain as the progress, so a step's last progress never lands after its end.
   */
  const ended: {
    end: StepEnd;
    jobId: number;
    view: StepView;
    resolve: () => void;
    reject: (err: unknown) => void;
  }[] = [];
  let endTimer: ReturnType<typeof setTimeout> | undefined;
  function flushEnds(): Promise<void> {
    clearTimeout(endTimer);
    endTimer = undefined;
    flushing = flushing.then(async () => {
      const batch = ended.splice(0);
      if (!batch.length) return;
      let written: Set<number>;
      try {
        written = new Set(
          await store.finishMany(
            owner,
            batch.map((e) => e.end),
          ),
        );
      } catch (err) {
        for (const e of batch) e.reject(err);
        return;
      }
      for (const e of batch) {
        const stepId = e.end.stepId;
        lost.delete(stepId);
        lines.clear(stepId);
        if (written.has(stepId)) announceStep(e.jobId, e.view);
        else log.warn({ step: stepId }, 'job step finished after its lease was lost; result dropped');
      }
      // A cancelled or stopped job is no longer in the ticks' running list: its last step closes it.
      try {
        for (const jobId of new Set(batch.map((e) => e.jobId)))
          if (await store.settle(jobId, Date.now())) await announceJob(jobId);
      } catch (err) {
        log.error({ err }, 'job settle failed');
      }
      for (const e of batch) e.resolve();
      kick();
    });
    return flushing;
  }

  function start(job: JobRow, step: ClaimedStep) {
    const running = runStep(job, step)
      .catch((err: unknown) => log.error({ err, step: step.id }, 'job step failed to record'))
      .finally(() => inFlight.delete(running));
    inFlight.add(running);
  }

  async function tick(): Promise<void> {
    const now = Date.now();
    const touched = new Set<number>([
      ...(await store.recover(now, kinds.names(), kinds.idempotentNames(), reasons.consoleDied)),
      ...(await store.expire(now, reasons.expired)),
    ]);
    const jobs = await store.running(kinds.names());
    const online = jobs.length ? onlineDevices() : new Set<string>();
    for (const job of jobs) {
      if (stopping) break;
      const wave = await openWave(job, now);
      touched.add(job.id);
      if (wave === undefined) continue;
      // Claimed a batch at a time, each its own transaction, until the job's free concurrency is used.
      for (let batch = 0; !stopping; batch++) {
        if (batch) await ownTurn();
        const {
          claimed,
          waiting,
          passedFailLimit: halt,
        } = await store.claim(
          job.id,
          wave,
          owner,
          timings.leaseMs,
          (deviceId) => online.has(deviceId),
          CLAIM_BATCH,
        );
        for (const step of waiting) announceStep(job.id, step);
        if (halt) {
          await store.halt(job.id, 'stopped', reasons.stopRule, now);
          break;
        }
        for (const step of claimed) start(job, step);
        if (claimed.length < CLAIM_BATCH) break;
      }
    }
    for (const jobId of touched) if (await store.settle(jobId, Date.now())) await announceJob(jobId);
  }

  /**
   * Runs a tick soon: on a later turn of the event loop, and at least MIN_TICK_GAP_MS after the last one
   * ended. Every step's end asks for one; a thousand steps ending within a second share a few ticks, and
   * the requests that arrived meanwhile are answered between them.
   */
  let scheduled: ReturnType<typeof setTimeout> | undefined;
  let lastTickEnd = 0;
  function kick(): void {
    if (stopping) return;
    if (ticking) {
      again = true;
      return;
    }
    if (scheduled) return;
    const wait = Math.max(0, lastTickEnd + MIN_TICK_GAP_MS - Date.now());
    // A tick asked for by a request (a job created) is still background work: its claims and steps keep out of
    // the connections kept for requests.
    scheduled = outsideOperatorLane(() =>
      setTimeout(() => {
        scheduled = undefined;
        if (stopping) return;
        ticking = tick()
          .catch((err: unknown) => log.error({ err }, 'job tick failed'))
          .finally(() => {
            ticking = undefined;
            lastTickEnd = Date.now();
            if (again) {
              again = false;
              kick();
            }
          });
      }, wait),
    );
  }

  const tickTimer = setInterval(kick, timings.tickMs);
  tickTimer.unref();
  const flushTimer = setInterval(() => void flushProgress(), PROGRESS_FLUSH_MS);
  flushTimer.unref();
  const renewTimer = setInterval(
    () => {
      if (!inFlight.size) return;
      store
        .renew(owner, Date.now(), timings.leaseMs)
        .catch((err: unknown) => log.error({ err }, 'job lease renewal failed'));
    },
    Math.max(100, Math.floor(timings.leaseMs / 3)),
  );
  renewTimer.unref();
  const stopListening = deps.devices.onChange((change) => {
    if (change.type === 'online' || change.type === 'offline') onlineSet = undefined;
    if (change.type === 'online') kick();
  });
  kick();

  return {
    owner,
    kick,
    announceJob,
    /**
     * `steps` as read from the database, with the newest progress and note of those running here that is
     * not written yet: a screen that opens mid-run sees the line its lines end with.
     */
    fresh(steps: StepView[]): StepView[] {
      return steps.map((step) => {
        const u = unwritten.get(step.id);
        return u && step.state === 'running'
          ? { ...step, progress: u.progress, note: u.note, updatedAt: u.at }
          : step;
      });
    },
    /** Steps this console runs right now. */
    inFlight: () => inFlight.size,
    /**
     * Before the device services stop: no new claims, and the steps still running here are handed back at
     * once (queued again when their kind is idempotent, interrupted otherwise) rather than after their lease.
     */
    async stop(): Promise<void> {
      stopping = true;
      clearInterval(tickTimer);
      clearInterval(flushTimer);
      clearInterval(renewTimer);
      clearTimeout(scheduled);
      stopListening();
      await ticking;
      // Steps that ended before the stop keep their results; those still running are handed back below.
      await flushEnds();
      const touched = await store.recover(
        Date.now(),
        kinds.names(),
        kinds.idempotentNames(),
        reasons.consoleDied,
        owner,
      );
      for (const jobId of touched) await store.settle(jobId, Date.now());
    },
  };
}

export type JobRunner = ReturnType<typeof jobRunner>;
