/**
 * Device rows with an id and a serial only, as the store holds a provisioned device before its first hello:
 * for tests and benchmarks that need many devices in the table without a fleet to enrol them.
 */
import type { Db } from '../db/schema.ts';

const CHUNK = 500;

export async function insertBareDevices(
  db: Db,
  ids: readonly string[],
  serialOf: (id: string) => string = (id) => id.toUpperCase(),
): Promise<void> {
  for (let i = 0; i < ids.length; i += CHUNK)
    await db
      .insertInto('devices')
      .values(
        ids.slice(i, i + CHUNK).map((id) => ({
          id,
          serial: serialOf(id),
          credential_hash: 'x',
          group_id: null,
          latitude: null,
          longitude: null,
          last_seen_at: null,
          adopted_at: null,
          created_at: 0,
        })),
      )
      .execute();
}
