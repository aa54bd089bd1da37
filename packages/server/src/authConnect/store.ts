/** Auth Connect's queries: accounts (password sealed) and the devices and groups each is pushed to. */
import type { Db } from '../db/schema.ts';

export interface AccountRow {
  id: number;
  name: string;
  sealedPassword: string;
  deviceIds: string[];
  groupIds: number[];
  createdAt: number;
  updatedAt: number;
}

export interface Targets {
  deviceIds: string[];
  groupIds: number[];
}

const targetRows = (accountId: number, { deviceIds, groupIds }: Targets) => [
  ...[...new Set(deviceIds)].map((target) => ({ account_id: accountId, kind: 'device', target })),
  ...[...new Set(groupIds)].map((g) => ({ account_id: accountId, kind: 'group', target: String(g) })),
];

export function authConnectStore(db: Db) {
  return {
    async list(): Promise<AccountRow[]> {
      const [accounts, targets] = await Promise.all([
        db.selectFrom('auth_connect_accounts').selectAll().orderBy('name').execute(),
        db.selectFrom('auth_connect_targets').selectAll().execute(),
      ]);
      return accounts.map((a) => {
        const mine = targets.filter((t) => t.account_id === a.id);
        return {
          id: a.id,
          name: a.name,
          sealedPassword: a.sealed_password,
          deviceIds: mine.filter((t) => t.kind === 'device').map((t) => t.target),
          groupIds: mine.filter((t) => t.kind === 'group').map((t) => Number(t.target)),
          createdAt: Number(a.created_at),
          updatedAt: Number(a.updated_at),
        };
      });
    },

    async nameTaken(name: string, except?: number): Promise<boolean> {
      let query = db.selectFrom('auth_connect_accounts').select('id').where('name', '=', name);
      if (except !== undefined) query = query.where('id', '!=', except);
      return (await query.executeTakeFirst()) !== undefined;
    },

    async create(row: { name: string; sealedPassword: string; at: number } & Targets): Promise<number> {
      return db.transaction().execute(async (tx) => {
        const { id } = await tx
          .insertInto('auth_connect_accounts')
          .values({
            name: row.name,
            sealed_password: row.sealedPassword,
            created_at: row.at,
            updated_at: row.at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const targets = targetRows(id, row);
        if (targets.length) await tx.insertInto('auth_connect_targets').values(targets).execute();
        return id;
      });
    },

    /** Renames, replaces the targets, and the password when one is given; false when there is no such account. */
    async update(
      id: number,
      row: { name: string; sealedPassword?: string; at: number } & Targets,
    ): Promise<boolean> {
      return db.transaction().execute(async (tx) => {
        const done = await tx
          .updateTable('auth_connect_accounts')
          .set({
            name: row.name,
            updated_at: row.at,
            ...(row.sealedPassword !== undefined && { sealed_password: row.sealedPassword }),
          })
          .where('id', '=', id)
          .executeTakeFirst();
        if (Number(done.numUpdatedRows) === 0) return false;
        await tx.deleteFrom('auth_connect_targets').where('account_id', '=', id).execute();
        const targets = targetRows(id, row);
        if (targets.length) await tx.insertInto('auth_connect_targets').values(targets).execute();
        return true;
      });
    },

    async remove(id: number): Promise<boolean> {
      return db.transaction().execute(async (tx) => {
        await tx.deleteFrom('auth_connect_targets').where('account_id', '=', id).execute();
        const done = await tx.deleteFrom('auth_connect_accounts').where('id', '=', id).executeTakeFirst();
        return Number(done.numDeletedRows) > 0;
      });
    },
  };
}
export type AuthConnectStore = ReturnType<typeof authConnectStore>;
