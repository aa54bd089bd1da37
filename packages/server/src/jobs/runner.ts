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
import type { ClaimedStep, JobRow, JobStore } from './store.ts';
import { passedFailLimit } from './rows.ts';
import type { StepLines } from './lines.ts';
import type { JobChanges } from './changes.ts';

export interface JobTimings {
  /** How often a console looks for work besides the events that wake it. */
  tickMs: number;
  /** How long a claim holds unless renewed; renewed every third of it. */
  leaseMs: number;
}

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
  async function announceStep(stepId: number) {
    const found = await store.step(stepId);
    if (found) changes.emit({ type: 'step', jobId: found.jobId, step: found.step });
  }

  function onlineDevices(): Set<string> {
    const online = new Set<string>();
    for (const device of deps.devices.scan()) if (device.online) online.add(device.record.id);
    return online;
  }

  /** The highest wave allowed to run, or undefined when the job was halted. */
  async function openWave(job: JobRow, now: number): Promise<number | undefined> {
    if (passedFailLimit(await store.counts(job.id), job.options)) {
      await store.halt(job.id, 'stopped', reasons.stopRule, now);
      return undefined;
    }
    if (job.options.canaryShare === 0) return 1;
    const canary = await store.waveCounts(job.id, 0);
    if (canary.finished < canary.total) return 0;
    if (canary.succeeded === canary.total) return 1;
    await store.halt(job.id, 'stopped', reasons.canary, now);
    return undefined;
  }

  async function runStep(job: JobRow, step: ClaimedStep): Promise<void> {
    lines.clear(step.id);
    await announceStep(step.id);
    // Progress writes in order, and the final write after the last of them.
    let progressWrites = Promise.resolve();
    const onProgress = (progress: number, note?: string) => {
      if (note && !stopping) lines.add(step.id, note);
      progressWrites = progressWrites
        .then(async () => {
          if (stopping) return;
          if (await store.progress(step.id, owner, progress, note ?? null, Date.now()))
            await announceStep(step.id);
        })
        .catch((err: unknown) => log.error({ err, step: step.id }, 'job step progress write failed'));
    };
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
    await progressWrites;
    // Stopping: close() hands the claim back (queued or interrupted); the RPC failed because of the stop.
    if (stopping) return;
    const finished = await store.finish(
      step.id,
      owner,
      outcome.ok
        ? { state: 'succeeded', result: outcome.result }
        : { state: 'failed', reason: outcome.reason, result: outcome.result },
      Date.now(),
    );
    if (!finished) log.warn({ step: step.id }, 'job step finished after its lease was lost; result dropped');
    lines.clear(step.id);
    await announceStep(step.id);
    // A cancelled or stopped job is no longer in the ticks' running list: its last step closes it.
    if (await store.settle(job.id, Date.now())) await announceJob(job.id);
    kick();
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
      const pending = await store.pending(job.id, wave);
      const offline = pending.filter((s) => s.state === 'queued' && !online.has(s.deviceId)).map((s) => s.id);
      for (const id of await store.markWaiting(offline, now)) await announceStep(id);
      const reachable = pending.filter((s) => online.has(s.deviceId)).map((s) => s.id);
      for (const step of await store.claim(job.id, reachable, owner, timings.leaseMs)) start(job, step);
    }
    for (const jobId of touched) if (await store.settle(jobId, Date.now())) await announceJob(jobId);
  }

  /** Runs a tick now, or right after the one under way. */
  function kick(): void {
    if (stopping) return;
    if (ticking) {
      again = true;
      return;
    }
    ticking = tick()
      .catch((err: unknown) => log.error({ err }, 'job tick failed'))
      .finally(() => {
        ticking = undefined;
        if (again) {
          again = false;
          kick();
        }
      });
  }

  const tickTimer = setInterval(kick, timings.tickMs);
  tickTimer.unref();
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
    if (change.type === 'online') kick();
  });
  kick();

  return {
    owner,
    kick,
    announceJob,
    /** Steps this console runs right now. */
    inFlight: () => inFlight.size,
    /**
     * Before the device services stop: no new claims, and the steps still running here are handed back at
     * once (queued again when their kind is idempotent, interrupted otherwise) rather than after their lease.
     */
    async stop(): Promise<void> {
      stopping = true;
      clearInterval(tickTimer);
      clearInterval(renewTimer);
      stopListening();
      await ticking;
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
