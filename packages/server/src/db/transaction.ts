/**
 * Runs `work` in one transaction, committed when it resolves and rolled back when anything fails, and
 * throws the failure itself. Kysely's transaction() throws the rollback's error when the rollback fails too:
 * SQLite ends a transaction by itself on some failures (a full disk at COMMIT, when the write-ahead log
 * cannot grow), so a full disk was answered 'API request Error' ("cannot rollback - no transaction is
 * active") instead of 507 and the disk-full words.
 */
import type { Transaction } from 'kysely';
import type { Database, Db } from './schema.ts';

export async function inTransaction<T>(db: Db, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  const trx = await db.startTransaction().execute();
  try {
    const result = await work(trx);
    await trx.commit().execute();
    return result;
  } catch (err) {
    // Its own failure is no news: the transaction is over either way (the connection is released).
    await trx
      .rollback()
      .execute()
      .catch(() => undefined);
    throw err;
  }
}

/** More that must be stored with a change or not at all (its activity row), in the change's transaction. */
export type AlongWith = (trx: Db) => Promise<void>;

/**
 * Runs `write` and, when `made` says it changed something, `alongWith` in the same transaction: neither is
 * stored without the other, and a write that changed nothing (a 404, a lost race) records nothing.
 * Without `alongWith` the write runs on its own.
 */
export async function changeWith<T>(
  db: Db,
  write: (trx: Db) => Promise<T>,
  alongWith: AlongWith | undefined,
  made: (result: T) => boolean = () => true,
): Promise<T> {
  if (!alongWith) return write(db);
  return inTransaction(db, async (trx) => {
    const result = await write(trx);
    if (made(result)) await alongWith(trx);
    return result;
  });
}
