/** Console-wide settings stored as JSON under a key; each feature owns its keys. */
import type { Db } from './schema.ts';

export function keyValueStore(db: Db) {
  return {
    async get<T>(key: string): Promise<T | undefined> {
      const row = await db
        .selectFrom('console_settings')
        .select('value')
        .where('key', '=', key)
        .executeTakeFirst();
      return row ? (JSON.parse(row.value) as T) : undefined;
    },
    async put(key: string, value: unknown, now = Date.now()): Promise<void> {
      const json = JSON.stringify(value);
      await db
        .insertInto('console_settings')
        .values({ key, value: json, updated_at: now })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updated_at: now }))
        .execute();
    },
  };
}
export type KeyValueStore = ReturnType<typeof keyValueStore>;
