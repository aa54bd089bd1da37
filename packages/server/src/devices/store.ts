/** SQL of the devices feature: devices, groups and the provisioning list. Telemetry has its own store. */
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db, DevicesTable } from '../db/schema.ts';
import { inChunks, mapChunks } from '../lib/chunks.ts';
import { inTransaction } from '../db/transaction.ts';

/** Rows or values per statement in bulk operations. */
const CHUNK = 512;

export type DeviceRow = Selectable<DevicesTable>;

export function deviceStore(db: Db) {
  return {
    listAdopted: () => db.selectFrom('devices').selectAll().where('adoption', '=', 'adopted').execute(),
    findById: (id: string) => db.selectFrom('devices').selectAll().where('id', '=', id).executeTakeFirst(),
    findBySerial: (serial: string) =>
      db.selectFrom('devices').selectAll().where('serial', '=', serial).executeTakeFirst(),
    /** Of these serials, the devices the console knows (adopted or waiting). */
    findBySerials: (serials: string[]) =>
      mapChunks(serials, CHUNK, (chunk) =>
        db.selectFrom('devices').selectAll().where('serial', 'in', chunk).execute(),
      ),
    /** New devices, a few hundred per statement; a serial already known (another replica) is skipped. */
    insertMany: (rows: Insertable<DevicesTable>[]) =>
      inChunks(rows, CHUNK, (chunk) =>
        db
          .insertInto('devices')
          .values(chunk)
          .onConflict((oc) => oc.column('serial').doNothing())
          .execute(),
      ),
    /** Every device offline: the console that holds all device connections (embedded broker) just started. */
    markAllOffline: () => db.updateTable('devices').set({ online: 0 }).where('online', '=', 1).execute(),
    update: (id: string, patch: Updateable<DevicesTable>) =>
      db.updateTable('devices').set(patch).where('id', '=', id).execute(),
    /** The same change to many devices, a few hundred per statement. */
    updateMany: (ids: string[], patch: Updateable<DevicesTable>) =>
      inChunks(ids, CHUNK, (chunk) =>
        db.updateTable('devices').set(patch).where('id', 'in', chunk).execute(),
      ),
    /** Removes the device and its series; its log lines stay (they are history) until retention prunes them. */
    remove: (id: string) =>
      inTransaction(db, async (tx) => {
        await tx.deleteFrom('telemetry_points').where('device_id', '=', id).execute();
        await tx.deleteFrom('telemetry_rollups').where('device_id', '=', id).execute();
        await tx.deleteFrom('telemetry_rollups_5m').where('device_id', '=', id).execute();
        await tx.deleteFrom('devices').where('id', '=', id).execute();
      }),
    listPending: () =>
      db
        .selectFrom('devices')
        .leftJoin('device_groups', 'device_groups.id', 'devices.group_id')
        .selectAll('devices')
        .select('device_groups.name as group_name')
        .where('adoption', '=', 'pending')
        .execute(),

    countPending: async () =>
      Number(
        (
          await db
            .selectFrom('devices')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('adoption', '=', 'pending')
            .executeTakeFirstOrThrow()
        ).n,
      ),
    /** Adopted devices whose serial another key asked for (issue 13), latest first. */
    listAdoptedConflicts: () =>
      db
        .selectFrom('devices')
        .selectAll()
        .where('adoption', '=', 'adopted')
        .where('conflict_hash', 'is not', null)
        .where('conflict_hash', '!=', '')
        .orderBy('conflict_at', 'desc')
        .execute(),
    /** Clears an adopted device's conflict flag; false when it has none (or is not adopted). */
    dismissConflict: async (id: string) =>
      Number(
        (
          await db
            .updateTable('devices')
            .set({ conflict_hash: null, conflict_at: null })
            .where('id', '=', id)
            .where('adoption', '=', 'adopted')
            .where('conflict_hash', 'is not', null)
            .where('conflict_hash', '!=', '')
            .executeTakeFirst()
        ).numUpdatedRows,
      ) > 0,
    /** Of these ids, the devices waiting in Discovery. */
    findPendingByIds: (ids: string[]) =>
      mapChunks(ids, CHUNK, (chunk) =>
        db
          .selectFrom('devices')
          .select(['id', 'serial'])
          .where('adoption', '=', 'pending')
          .where('id', 'in', chunk)
          .execute(),
      ),
    /** Waiting devices out of Discovery; never an adopted one, whatever the ids. */
    removePending: (ids: string[]) =>
      inChunks(ids, CHUNK, (chunk) =>
        db.deleteFrom('devices').where('adoption', '=', 'pending').where('id', 'in', chunk).execute(),
      ),

    findProvisions: (serials: string[]) =>
      mapChunks(serials, CHUNK, (chunk) =>
        db.selectFrom('provision_serials').selectAll().where('serial', 'in', chunk).execute(),
      ),
    listProvision: () => db.selectFrom('provision_serials').selectAll().orderBy('serial').execute(),
    upsertProvision: (
      rows: {
        serial: string;
        name: string;
        group_name: string;
        profile: string;
        claim_hash: string;
        created_at: number;
      }[],
    ) =>
      inChunks(rows, CHUNK, (chunk) =>
        db
          .insertInto('provision_serials')
          .values(chunk)
          .onConflict((oc) =>
            oc.column('serial').doUpdateSet((eb) => ({
              name: eb.ref('excluded.name'),
              group_name: eb.ref('excluded.group_name'),
              profile: eb.ref('excluded.profile'),
              claim_hash: eb.ref('excluded.claim_hash'),
            })),
          )
          .execute(),
      ),
    /** Of these serials, the ones waiting in Discovery. */
    findPendingSerials: (serials: string[]) =>
      mapChunks(serials, CHUNK, (chunk) =>
        db
          .selectFrom('devices')
          .select(['id', 'serial', 'claim_hash'])
          .where('adoption', '=', 'pending')
          .where('serial', 'in', chunk)
          .execute(),
      ),
    deleteProvision: (serial: string) =>
      db.deleteFrom('provision_serials').where('serial', '=', serial).execute(),

    listGroups: () => db.selectFrom('device_groups').selectAll().orderBy('name').execute(),
    findGroupByName: (name: string) =>
      db.selectFrom('device_groups').selectAll().where('name', '=', name).executeTakeFirst(),
    findGroupById: (id: number) =>
      db.selectFrom('device_groups').selectAll().where('id', '=', id).executeTakeFirst(),
    /** A new group; a unique violation when the name is taken. */
    createGroup: (name: string, customerId: number | null, now: number) =>
      inTransaction(
        db,
        async (trx) =>
          (
            await trx
              .insertInto('device_groups')
              .values({ name, customer_id: customerId, created_at: now })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
      ),
    renameGroup: (id: number, name: string) =>
      inTransaction(db, (trx) =>
        trx.updateTable('device_groups').set({ name }).where('id', '=', id).executeTakeFirst(),
      ),
    insertGroup: (name: string, customerId: number | null, now: number) =>
      db
        .insertInto('device_groups')
        .values({ name, customer_id: customerId, created_at: now })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute(),
    /** Deletes the group; its devices (adopted or waiting) stay, ungrouped. */
    deleteGroup: (id: number) =>
      inTransaction(db, async (tx) => {
        await tx.updateTable('devices').set({ group_id: null }).where('group_id', '=', id).execute();
        const result = await tx.deleteFrom('device_groups').where('id', '=', id).executeTakeFirst();
        return result;
      }),
  };
}

export type DeviceStore = ReturnType<typeof deviceStore>;
