/** Schedules and their claimed occurrences. */
import type { Selectable, Transaction } from 'kysely';
import { jobOptions, type ScheduleDefinition } from '@edge/protocol';
import type { Database, Db } from '../db/schema.ts';
import type { SchedulesTable } from '../db/schema-jobs.ts';
import { inTransaction } from '../db/transaction.ts';

export interface ScheduleRow extends ScheduleDefinition {
  id: number;
  createdByName: string;
  createdAt: number;
  /** Created or last edited: no occurrence before it is caught up. */
  changedAt: number;
}

/** The key of a schedule's claimed occurrences. */
export const scheduleKey = (id: number): string => `schedule:${id}`;

const columnsOf = (def: ScheduleDefinition) => ({
  name: def.name,
  kind: def.kind,
  params: JSON.stringify(def.params ?? {}),
  options: JSON.stringify(def.options ?? {}),
  device_ids: JSON.stringify(def.deviceIds),
  weekdays: [...new Set(def.weekdays)].sort().join(','),
  start_date: def.startDate,
  end_date: def.endDate ?? null,
  start_time: def.startTime,
  time_zone: def.timeZone,
  group_id: def.groupId ?? null,
  function_type: def.functionType ?? null,
});

const rowOf = (r: Selectable<SchedulesTable>): ScheduleRow => ({
  id: r.id,
  name: r.name,
  kind: r.kind,
  params: JSON.parse(r.params) as unknown,
  options: jobOptions.partial().parse(JSON.parse(r.options)),
  deviceIds: JSON.parse(r.device_ids) as string[],
  weekdays: r.weekdays.split(',').map(Number),
  startDate: r.start_date,
  endDate: r.end_date ?? undefined,
  startTime: r.start_time,
  timeZone: r.time_zone,
  groupId: r.group_id ?? undefined,
  functionType: (r.function_type ?? undefined) as ScheduleDefinition['functionType'],
  createdByName: r.created_by_name,
  createdAt: Number(r.created_at),
  changedAt: Number(r.updated_at ?? r.created_at),
});

export function scheduleStore(db: Db) {
  return {
    async create(def: ScheduleDefinition, createdByName: string, now: number): Promise<number> {
      const { id } = await db
        .insertInto('schedules')
        .values({ ...columnsOf(def), created_by_name: createdByName, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    /** False when there is no such schedule. */
    async update(id: number, def: ScheduleDefinition, now: number): Promise<boolean> {
      const result = await db
        .updateTable('schedules')
        .set({ ...columnsOf(def), updated_at: now })
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** The schedule and its claims (the jobs it created stay); false when there was no such schedule. */
    async remove(id: number): Promise<boolean> {
      return inTransaction(db, async (trx) => {
        await trx.deleteFrom('schedule_occurrences').where('schedule_key', '=', scheduleKey(id)).execute();
        const result = await trx.deleteFrom('schedules').where('id', '=', id).executeTakeFirst();
        return Number(result.numDeletedRows) > 0;
      });
    },

    async get(id: number): Promise<ScheduleRow | undefined> {
      const row = await db.selectFrom('schedules').selectAll().where('id', '=', id).executeTakeFirst();
      return row && rowOf(row);
    },

    async enabled(): Promise<ScheduleRow[]> {
      const rows = await db
        .selectFrom('schedules')
        .selectAll()
        .where('enabled', '=', 1)
        .orderBy('id')
        .execute();
      return rows.map(rowOf);
    },

    /**
     * Claims one occurrence: the row's key is unique, so of all replicas (and restarts) exactly one insert
     * succeeds. True for the winner.
     */
    async claim(
      key: string,
      occursAt: number,
      owner: string,
      now: number,
      trx: Transaction<Database> | Db = db,
    ): Promise<boolean> {
      const row = await trx
        .insertInto('schedule_occurrences')
        .values({ schedule_key: key, occurs_at: occursAt, owner, claimed_at: now })
        .onConflict((oc) => oc.columns(['schedule_key', 'occurs_at']).doNothing())
        .returning('schedule_key')
        .executeTakeFirst();
      return row !== undefined;
    },

    async noteJob(key: string, occursAt: number, jobId: number, trx: Transaction<Database>): Promise<void> {
      await trx
        .updateTable('schedule_occurrences')
        .set({ job_id: jobId })
        .where('schedule_key', '=', key)
        .where('occurs_at', '=', occursAt)
        .execute();
    },

    /** The claimed occurrences of these keys in [from, to), with the job each created. */
    async claimed(keys: string[], from: number, to: number) {
      if (!keys.length) return [];
      const rows = await db
        .selectFrom('schedule_occurrences')
        .select(['schedule_key', 'occurs_at', 'job_id'])
        .where('schedule_key', 'in', keys)
        .where('occurs_at', '>=', from)
        .where('occurs_at', '<', to)
        .orderBy('occurs_at', 'desc')
        .execute();
      return rows.map((r) => ({ key: r.schedule_key, at: Number(r.occurs_at), jobId: r.job_id }));
    },

    /** The schedule whose occurrence created this job, if one did. */
    async scheduleOfJob(jobId: number): Promise<number | undefined> {
      const row = await db
        .selectFrom('schedule_occurrences')
        .select('schedule_key')
        .where('job_id', '=', jobId)
        .where('schedule_key', 'like', 'schedule:%')
        .executeTakeFirst();
      return row ? Number(row.schedule_key.slice('schedule:'.length)) : undefined;
    },

    /**
     * Task claims older than `before` are kept no longer: only occurrences near now can still be contested.
     * A schedule's are kept until `schedulesBefore`: they link the calendar's past occurrences to their jobs.
     */
    async prune(before: number, schedulesBefore: number): Promise<void> {
      await db
        .deleteFrom('schedule_occurrences')
        .where((eb) =>
          eb.or([
            eb.and([eb('schedule_key', 'not like', 'schedule:%'), eb('occurs_at', '<', before)]),
            eb('occurs_at', '<', schedulesBefore),
          ]),
        )
        .execute();
    },
  };
}
export type ScheduleStore = ReturnType<typeof scheduleStore>;
