/**
 * The scheduler: on each tick every replica walks the occurrences due since its last tick and tries to
 * claim each; the unique occurrence key lets exactly one win, across replicas and restarts. Schedules
 * create jobs (claim and job in one transaction, so neither exists without the other); system tasks are
 * the console's own periodic work that one replica should do for all (pruning idle sessions ...).
 */
import { randomBytes } from 'node:crypto';
import type { Cron } from 'croner';
import { scheduleDefinition, type ScheduleDefinition } from '@edge/protocol';
import type { Db } from '../db/schema.ts';
import type { BusLog } from '../gateway/index.ts';
import type { JobService } from '../jobs/index.ts';
import { fail } from '../http/errors.ts';
import { cronOf, occurrencesBetween, taskCron } from './occurrences.ts';
import { scheduleStore } from './store.ts';
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
/** Claims are kept this long, far past any replica's clock skew or tick delay, then pruned. */
const CLAIM_KEEP_MS = 7 * 24 * 3600_000;

export function schedulerService(deps: { db: Db; jobs: JobService; log: BusLog; tickMs: number }) {
  const store = scheduleStore(deps.db);
  const owner = randomBytes(8).toString('hex');
  const tasks = new Map<string, { task: SystemTask; cron: Cron }>();
  const crons = new Map<number, { key: string; cron: Cron }>();
  let cursor = Date.now() - CATCH_UP_MS;
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
    if (!(await store.claim(`task:${task.name}`, occursAt, owner, Date.now()))) return;
    try {
      await task.run(occursAt);
    } catch (err) {
      deps.log.error({ err, task: task.name }, 'scheduled task failed');
    }
  }

  async function runSchedule(schedule: Awaited<ReturnType<typeof store.enabled>>[number], occursAt: number) {
    const key = `schedule:${schedule.id}`;
    const jobId = await inTransaction(deps.db, async (trx) => {
      if (!(await store.claim(key, occursAt, owner, Date.now(), trx))) return undefined;
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

  async function tick() {
    const until = Date.now();
    const after = cursor;
    for (const { task, cron } of tasks.values()) {
      const due = occurrencesBetween(cron, after, until);
      for (const at of task.catchUp === false ? due.slice(-1) : due) await runTask(task, at);
    }
    for (const schedule of await store.enabled()) {
      try {
        for (const at of occurrencesBetween(cronFor(schedule), after, until)) await runSchedule(schedule, at);
      } catch (err) {
        deps.log.error({ err, schedule: schedule.id }, 'scheduled job could not be created');
      }
    }
    cursor = until;
  }

  function kick() {
    if (ticking || stopped) return;
    ticking = tick()
      .catch((err: unknown) => deps.log.error({ err }, 'scheduler tick failed'))
      .finally(() => (ticking = undefined));
  }

  let timer: NodeJS.Timeout | undefined;

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
      const parsed = scheduleDefinition.safeParse(input);
      if (!parsed.success) throw fail(400, 'invalidRequest', parsed.error.issues[0]?.message);
      if (!deps.jobs.kinds.names().includes(parsed.data.kind))
        throw fail(400, 'invalidRequest', `unknown job kind ${parsed.data.kind}`);
      const id = await store.create(parsed.data, createdByName, Date.now());
      kick();
      return id;
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
    run: (occursAt) => store.prune(occursAt - CLAIM_KEEP_MS),
  });
  return service;
}

export type Scheduler = ReturnType<typeof schedulerService>;
