/** The licence feature's queries: uploaded licences, the trial's start and the container seats taken. */
import { sql } from 'kysely';
import type { Db } from '../db/schema.ts';
import type { LicensesTable } from '../db/schema-license.ts';

const TRIAL_KEY = 'license.trialStartedAt';

export function licenseStore(db: Db) {
  return {
    list: (): Promise<LicensesTable[]> => db.selectFrom('licenses').selectAll().orderBy('priority').execute(),

    /**
     * Stores a licence: one with the same id is replaced (a renewal) and keeps its place; a new one goes
     * last in priority.
     */
    async put(row: Omit<LicensesTable, 'priority'>): Promise<void> {
      await db.transaction().execute(async (tx) => {
        const existing = await tx
          .selectFrom('licenses')
          .select('priority')
          .where('id', '=', row.id)
          .executeTakeFirst();
        if (existing) {
          await tx.updateTable('licenses').set(row).where('id', '=', row.id).execute();
          return;
        }
        const last = await tx
          .selectFrom('licenses')
          .select((eb) => eb.fn.max('priority').as('max'))
          .executeTakeFirst();
        await tx
          .insertInto('licenses')
          .values({ ...row, priority: Number(last?.max ?? 0) + 1 })
          .execute();
      });
    },

    /** Renumbers 1..n in the order given (every id, once). */
    async reorder(ids: string[]): Promise<void> {
      await db.transaction().execute(async (tx) => {
        for (const [i, id] of ids.entries())
          await tx
            .updateTable('licenses')
            .set({ priority: i + 1 })
            .where('id', '=', id)
            .execute();
      });
    },

    async remove(id: string): Promise<boolean> {
      const result = await db.deleteFrom('licenses').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** When the trial began: the first start of this console (kept from then on, whichever replica came first). */
    async trialStartedAt(now: number): Promise<number> {
      await db
        .insertInto('console_settings')
        .values({ key: TRIAL_KEY, value: JSON.stringify(now), updated_at: now })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      const row = await db
        .selectFrom('console_settings')
        .select('value')
        .where('key', '=', TRIAL_KEY)
        .executeTakeFirstOrThrow();
      return Number(JSON.parse(row.value));
    },

    /** Seats taken per application. */
    async seatsUsed(): Promise<Map<string, number>> {
      const rows = await db
        .selectFrom('license_container_seats')
        .select(['application_name', sql<number>`count(*)`.as('n')])
        .groupBy('application_name')
        .execute();
      return new Map(rows.map((r) => [r.application_name, Number(r.n)]));
    },

    /**
     * Takes a seat of the application for the device unless `allowed` are already taken; a device that
     * holds one keeps it. Answers whether the device holds a seat now.
     */
    async claimSeat(
      applicationName: string,
      deviceId: string,
      allowed: number,
      now: number,
    ): Promise<boolean> {
      return db.transaction().execute(async (tx) => {
        const held = await tx
          .selectFrom('license_container_seats')
          .select('device_id')
          .where('application_name', '=', applicationName)
          .execute();
        if (held.some((r) => r.device_id === deviceId)) return true;
        if (held.length >= allowed) return false;
        await tx
          .insertInto('license_container_seats')
          .values({ application_name: applicationName, device_id: deviceId, claimed_at: now })
          .onConflict((oc) => oc.columns(['application_name', 'device_id']).doNothing())
          .execute();
        return true;
      });
    },

    async releaseSeat(applicationName: string, deviceId: string): Promise<void> {
      await db
        .deleteFrom('license_container_seats')
        .where('application_name', '=', applicationName)
        .where('device_id', '=', deviceId)
        .execute();
    },
  };
}
export type LicenseStore = ReturnType<typeof licenseStore>;
