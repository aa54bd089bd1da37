/** SQL of access control list entries (both lists share the table, told apart by `list`). */
import type { AclList } from '@edge/protocol';
import type { Db } from '../db/schema.ts';

export function aclStore(db: Db) {
  return {
    all: () => db.selectFrom('acl_entries').selectAll().orderBy('id').execute(),
    insert: (list: AclList, ipAddress: string, description: string, now: number) =>
      db
        .insertInto('acl_entries')
        .values({ list, ip_address: ipAddress, description, created_at: now })
        .execute(),
    update: (list: AclList, id: number, ipAddress: string, description: string) =>
      db
        .updateTable('acl_entries')
        .set({ ip_address: ipAddress, description })
        .where('list', '=', list)
        .where('id', '=', id)
        .executeTakeFirst(),
    remove: (list: AclList, id: number) =>
      db.deleteFrom('acl_entries').where('list', '=', list).where('id', '=', id).executeTakeFirst(),
  };
}
