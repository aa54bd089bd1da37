/** Schedules and their claimed occurrences. */
import type { Transaction } from 'kysely';
import { jobOptions, type ScheduleDefinition } from '@edge/protocol';
import type { Database, Db } from '../db/schema.ts';

export interface ScheduleRow extends ScheduleDefinition {
  id: number;
  createdByName: string;
}

export function scheduleStore(db: Db) {
  return {
    async create(def: ScheduleDefinition, createdByName: string, now: number): Promise<number> {
      const { id } = await db
        .insertInto('schedules')
        .values({
          name: def.name,
          kind: def.kind,
          params: JSON.stringify(def.params ?? {}),
          options: JSON.stringify(def.options ?? {}),
          device_ids: JSON.stringify(def.deviceIds),
          weekdays: def.weekdays.join(','),
          start_date: def.startDate,
          end_date: def.endDate ?? null,
          start_time: def.startTime,
          time_zone: def.timeZone,
          created_by_name: createdByName,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    async enabled(): Promise<ScheduleRow[]> {
      const rows = await db
        .selectFrom('schedules')
        .selectAll()
        .where('enabled', '=', 1)
        .orderBy('id')
        .execute();
      return rows.map((r) => ({
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
        createdByName: r.created_by_name,
      }));
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

    /** Claims older than `before` are kept no longer: only occurrences near now can still be contested. */
    async prune(before: number): Promise<void> {
      await db.deleteFrom('schedule_occurrences').where('occurs_at', '<', before).execute();
    },
  };
}
export type ScheduleStore = ReturnType<typeof scheduleStore>;
