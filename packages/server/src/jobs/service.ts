/**
 * The jobs feature's face: create a job (modules and the scheduler), read jobs and steps, cancel, pause,
 * resume, re-run the failed steps. Running them is the runner's business; this only writes the request and wakes it.
 */
import {
  canView,
  jobOptions,
  type RoutePermission,
  type JobCreator,
  type JobDetail,
  type JobListQuery,
  type JobOptions,
  type JobView,
} from '@edge/protocol';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { DeviceDirectory } from '../devices/index.ts';
import { fail } from '../http/errors.ts';
import type { JobKind, JobKinds } from './kinds.ts';
import type { JobStore } from './store.ts';
import type { JobRunner } from './runner.ts';
import { reasons } from './runner.ts';
import type { JobChangeListener, JobChanges } from './changes.ts';
import type { StepLines } from './lines.ts';

export interface JobRequest {
  kind: string;
  title: string;
  params?: unknown;
  deviceIds: string[];
  options?: Partial<JobOptions>;
  createdBy: JobCreator;
  createdByName: string;
}

export function jobService(deps: {
  store: JobStore;
  kinds: JobKinds;
  runner: JobRunner;
  devices: DeviceDirectory;
  changes: JobChanges;
  lines: StepLines;
}) {
  const { store, kinds, runner } = deps;

  /** Checks a request against its kind and the fleet; throws a 400 ApiFailure when it does not hold. */
  function check(request: JobRequest) {
    const kind = kinds.get(request.kind);
    if (!kind) throw fail(400, 'invalidRequest', `unknown job kind ${request.kind}`);
    const params = kind.params.safeParse(request.params ?? {});
    if (!params.success) throw fail(400, 'invalidRequest', params.error.issues[0]?.message);
    const options = jobOptions.safeParse(request.options ?? {});
    if (!options.success) throw fail(400, 'invalidRequest', options.error.issues[0]?.message);
    const deviceIds = [...new Set(request.deviceIds)];
    if (!deviceIds.length) throw fail(400, 'invalidRequest', 'a job needs at least one device');
    // The ids the directory holds, not a view of each: a fleet-wide job built 10,000 device views here.
    const known = new Set<string>();
    for (const device of deps.devices.scan()) known.add(device.record.id);
    const unknown = deviceIds.find((id) => !known.has(id));
    if (unknown) throw fail(400, 'invalidRequest', `unknown device ${unknown}`);
    return { ...request, params: params.data, options: options.data, deviceIds };
  }

  async function detail(id: number): Promise<JobDetail> {
    const job = await store.view(id);
    if (!job) throw fail(404, 'notFound');
    return { job, steps: runner.fresh(await store.steps(id)) };
  }

  return {
    /** `trx`: the caller's transaction, so a scheduled occurrence and its job are written together. */
    async create(request: JobRequest, trx?: Transaction<Database>): Promise<number> {
      const id = await store.create(check(request), Date.now(), trx);
      // Inside a transaction the job is not visible until the caller commits; it wakes the runner then.
      if (!trx) {
        await runner.announceJob(id);
        runner.kick();
      }
      return id;
    },
    list: (query: JobListQuery): Promise<{ list: JobView[]; total: number }> => store.list(query),
    get: detail,
    /** The output lines so far of those of these steps that run on this console (jobs/lines.ts). */
    linesOf: (stepIds: readonly number[]): Record<string, string[]> => deps.lines.of(stepIds),
    /** The job without its steps, or undefined when there is none. */
    view: (id: number): Promise<JobView | undefined> => store.view(id),
    /** What reading a job of this kind needs (its kind's `view`, else Inventory view). */
    viewPermission: (kind: string): RoutePermission => kinds.get(kind)?.view ?? canView('Inventory'),
    /** Every permission some kind's jobs are read with. */
    viewPermissions: (): RoutePermission[] => [
      canView('Inventory'),
      ...kinds.names().flatMap((name) => kinds.get(name)?.view ?? []),
    ],

    /** Pending steps are cancelled; running ones finish and report. A job already ended is left as it is. */
    async cancel(id: number): Promise<JobDetail> {
      if (!(await store.job(id))) throw fail(404, 'notFound');
      if (await store.halt(id, 'cancelled', reasons.cancelled, Date.now())) {
        await store.settle(id, Date.now());
        await runner.announceJob(id);
      }
      return detail(id);
    },

    /** No new step starts (running ones finish) until it is resumed. A job not running is left as it is. */
    async pause(id: number): Promise<JobDetail> {
      if (!(await store.job(id))) throw fail(404, 'notFound');
      if (await store.pause(id, Date.now())) await runner.announceJob(id);
      return detail(id);
    },

    /** A paused job goes on where it was, its deadline moved on by the pause. */
    async resume(id: number): Promise<JobDetail> {
      if (!(await store.job(id))) throw fail(404, 'notFound');
      if (await store.resume(id, Date.now())) {
        await runner.announceJob(id);
        runner.kick();
      }
      return detail(id);
    },

    /** The failed steps run again, each as a new attempt, under a fresh deadline. */
    async rerun(id: number): Promise<JobDetail> {
      if (!(await store.job(id))) throw fail(404, 'notFound');
      if (await store.rerun(id, Date.now())) {
        await runner.announceJob(id);
        runner.kick();
      }
      return detail(id);
    },

    /** A job or one of its steps changed on this console; returns the function that stops listening. */
    onChange: (listener: JobChangeListener): (() => void) => deps.changes.on(listener),
    kinds: {
      register<P>(kind: JobKind<P>): void {
        kinds.register(kind);
        runner.kick();
      },
      /** A kind's parameters are checked where its jobs are requested (a schedule's, when it is saved). */
      get: kinds.get,
      names: kinds.names,
    },
    wake: runner.kick,
  };
}

export type JobService = ReturnType<typeof jobService>;
