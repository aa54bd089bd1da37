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
