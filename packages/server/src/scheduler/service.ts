/**
 * The scheduler: on each tick every replica walks the occurrences due since its last tick and tries to
 * claim each; the unique occurrence key lets exactly one win, across replicas and restarts. Schedules
 * create jobs (claim and job in one transaction, so neither exists without the other); system tasks are
 * the console's own periodic work that one replica should do for all (pruning idle sessions ...).
 * A schedule's occurrence missed while every replica was down is run on the first tick after a start if it
 * falls on the same local day (the schedule's time zone) and after the schedule's last edit; its claim
 * keeps it from running twice.
 */
import { randomBytes } from 'node:crypto';
import type { Cron } from 'croner';
import { scheduleDefinition, type ScheduleDefinition } from '@edge/protocol';
import type { Db } from '../db/schema.ts';
import type { BusLog } from '../gateway/index.ts';
import type { JobService } from '../jobs/index.ts';
import { fail, failureOf } from '../http/errors.ts';
import { cronOf, localDate, occurrencesBetween, taskCron } from './occurrences.ts';
import { scheduleKey, scheduleStore, type ScheduleRow } from './store.ts';
import { inTransaction } from '../db/transaction.ts';

export interface SystemTask {
  /** Unique: the occurrence key is `task:<name>`. */
  name: string;
  /** Cron pattern (croner; six fields for seconds), in UTC. */
  pattern: string;
  run(occursAt: number): Promise<unknown>;
  /**
   * False for a retry that looks at the state of now (resending what is pending): of the occurrences due since
   * the last tick (many, after a pause or at start), only the latest is run. Others run every one they missed.
   */
  catchUp?: boolean;
}

/** Occurrences due while every replica was down are still run when they are at most this old. */
const CATCH_UP_MS = 60_000;
const DAY_MS = 24 * 3600_000;
/** Task claims are kept this long, far past any replica's clock skew or tick delay, then pruned. */
const CLAIM_KEEP_MS = 7 * DAY_MS;
/** A schedule's claims name the job each occurrence created: kept a year, for the calendar. */
const SCHEDULE_CLAIM_KEEP_MS = 366 * DAY_MS;
/** How far back the first tick looks for a missed occurrence of today: a local day, DST days included. */
const CATCH_UP_DAY_MS = DAY_MS + 3600_000;

export function schedulerService(deps: {
  db: Db;
  jobs: JobService;
  log: BusLog;
  tickMs: number;
  /** The clock (tests move it across restarts and daylight-saving changes). */
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  const store = scheduleStore(deps.db);
  const owner = randomBytes(8).toString('hex');
  const tasks = new Map<string, { task: SystemTask; cron: Cron }>();
  const crons = new Map<number, { key: string; cron: Cron }>();
  let cursor = now() - CATCH_UP_MS;
  let firstTick = true;
  let ticking: Promise<void> | undefined;
  let stopped = false;

  const cronFor = (schedule: { id: number } & ScheduleDefinition) => {
    const key = `${schedule.id}:${schedule.startDate}:${schedule.endDate}:${schedule.startTime}:${schedule.timeZone}:${schedule.weekdays.join()}`;
    const known = crons.get(schedule.id);
    if (known?.key === key) return known.cron;
    const cron = cronOf(schedule);
    crons.set(schedule.id, { key, cron });
    return cron;
  };

  async function runTask(task: SystemTask, occursAt: number) {
    if (!(await store.claim(`task:${task.name}`, occursAt, owner, now()))) return;
    try {
      await task.run(occursAt);
    } catch (err) {
      deps.log.error({ err, task: task.name }, 'scheduled task failed');
    }
  }

  async function runSchedule(schedule: ScheduleRow, occursAt: number) {
    const key = scheduleKey(schedule.id);
    const jobId = await inTransaction(deps.db, async (trx) => {
      if (!(await store.claim(key, occursAt, owner, now(), trx))) return undefined;
      const id = await deps.jobs.create(
        {
          kind: schedule.kind,
          title: schedule.name,
          params: schedule.params,
          deviceIds: schedule.deviceIds,
          options: schedule.options,
          createdBy: 'schedule',
          createdByName: schedule.name,
        },
        trx,
      );
      await store.noteJob(key, occursAt, id, trx);
      return id;
    });
    if (jobId !== undefined) deps.jobs.wake();
  }

  /**
   * The occurrences a tick runs: those since the last tick, and on the first tick after a start also the
   * ones missed earlier the same local day; never one before the schedule's last change.
   */
  function dueOccurrences(schedule: ScheduleRow, after: number, until: number, catchUp: boolean) {
    const from = Math.max(catchUp ? until - CATCH_UP_DAY_MS : after, schedule.changedAt);
    const today = localDate(until, schedule.timeZone);
    return occurrencesBetween(cronFor(schedule), from, until).filter(
      (at) => at > after || localDate(at, schedule.timeZone) === today,
    );
  }

  async function tick() {
    const until = now();
    const after = cursor;
    const catchUp = firstTick;
    for (const { task, cron } of tasks.values()) {
      const due = occurrencesBetween(cron, after, until);
      for (const at of task.catchUp === false ? due.slice(-1) : due) await runTask(task, at);
    }
    for (const schedule of await store.enabled()) {
      try {
        for (const at of dueOccurrences(schedule, after, until, catchUp)) await runSchedule(schedule, at);
      } catch (err) {
        deps.log.error({ err, schedule: schedule.id }, 'scheduled job could not be created');
      }
    }
    cursor = until;
    firstTick = false;
  }

  function kick() {
    if (ticking || stopped) return;
    ticking = tick()
      .catch((err: unknown) => deps.log.error({ err }, 'scheduler tick failed'))
      .finally(() => (ticking = undefined));
  }

  let timer: NodeJS.Timeout | undefined;

  /** A definition that holds, of a kind registered here; a 400 otherwise. */
  function checked(input: unknown): ScheduleDefinition {
    const parsed = scheduleDefinition.safeParse(input);
    if (!parsed.success) throw failureOf(parsed.error.issues[0]);
    if (!deps.jobs.kinds.names().includes(parsed.data.kind))
      throw fail(400, 'invalidRequest', `unknown job kind ${parsed.data.kind}`);
    return parsed.data;
  }

  const service = {
    owner,
    /** Starts ticking: after the console's modules registered their tasks, so none misses an occurrence. */
    start(): void {
      if (timer || stopped) return;
      timer = setInterval(kick, deps.tickMs);
      timer.unref();
    },
    /** A system task runs once per occurrence across every replica that registered it. */
    register(task: SystemTask): void {
      if (tasks.has(task.name)) throw new Error(`scheduled task ${task.name} is registered twice`);
      tasks.set(task.name, { task, cron: taskCron(task.pattern) });
    },
    async create(input: unknown, createdByName: string): Promise<number> {
      const id = await store.create(checked(input), createdByName, now());
      kick();
      return id;
    },
    /** False when there is no such schedule. */
    async update(id: number, input: unknown): Promise<boolean> {
      const updated = await store.update(id, checked(input), now());
      kick();
      return updated;
    },
    remove: (id: number): Promise<boolean> => store.remove(id),
    get: (id: number): Promise<ScheduleRow | undefined> => store.get(id),
    list: (): Promise<ScheduleRow[]> => store.enabled(),
    /** A schedule's occurrence times in (after, until]. */
    occurrences: (schedule: ScheduleRow, after: number, until: number, max?: number): number[] =>
      occurrencesBetween(cronFor(schedule), after, until, max),
    /** The claimed occurrences of these schedules in [from, to), with the job each created. */
    claimed: (ids: number[], from: number, to: number) => store.claimed(ids.map(scheduleKey), from, to),
    scheduleOfJob: (jobId: number): Promise<number | undefined> => store.scheduleOfJob(jobId),
    /** Runs a tick now and waits for it (tests driving the clock by hand). */
    async runDue(): Promise<void> {
      await ticking;
      kick();
      await ticking;
    },
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(timer);
      await ticking;
    },
  };
  service.register({
    name: 'scheduler.pruneClaims',
    pattern: '0 17 3 * * *',
    run: (occursAt) => store.prune(occursAt - CLAIM_KEEP_MS, occursAt - SCHEDULE_CLAIM_KEEP_MS),
  });
  return service;
}

export type Scheduler = ReturnType<typeof schedulerService>;
