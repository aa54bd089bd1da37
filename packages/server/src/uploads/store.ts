/** SQL of stored files (images kept in the database so every replica serves them). */
import type { Db } from '../db/schema.ts';

export function storedFileStore(db: Db) {
  return {
    find: (key: string) =>
      db.selectFrom('stored_files').selectAll().where('key', '=', key).executeTakeFirst(),
    versions: (keys: string[]) =>
      keys.length === 0
        ? Promise.resolve([])
        : db.selectFrom('stored_files').select(['key', 'updated_at']).where('key', 'in', keys).execute(),
    put: (row: { key: string; content_type: string; data: string; size: number; updated_at: number }) =>
      db
        .insertInto('stored_files')
        .values(row)
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            content_type: row.content_type,
            data: row.data,
            size: row.size,
            updated_at: row.updated_at,
          }),
        )
        .execute(),
    remove: (key: string) => db.deleteFrom('stored_files').where('key', '=', key).execute(),
  };
}
