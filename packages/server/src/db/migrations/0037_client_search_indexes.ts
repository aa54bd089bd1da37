import type { Kysely, Migration } from 'kysely';

/**
 * The client list searches address and MAC as substrings of their lower-case form (clients/store.ts), which
 * no b-tree on ip or mac can serve: both indexes were only written, on every client row a device reports
 * (at 10,000 devices, tens of thousands of rows a minute). The list's order (last_seen) and a device's own
 * clients (the primary key) keep theirs.
 */
const UNUSED = ['device_clients_ip', 'device_clients_mac'] as const;

export const clientSearchIndexes = (): Migration => ({
  async up(db: Kysely<unknown>) {
    for (const name of UNUSED) await db.schema.dropIndex(name).ifExists().execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.createIndex('device_clients_ip').on('device_clients').column('ip').execute();
    await db.schema.createIndex('device_clients_mac').on('device_clients').column('mac').execute();
  },
});
