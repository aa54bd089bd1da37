import type { Kysely, Migration } from 'kysely';
import { notNull } from './columns.ts';

/**
 * Secure SD-WAN, second part (issue 21): the console host as a relay node (it is no device, so it has a row
 * of its own beside sdwan_nodes, with the same columns: its public key, addresses, tunnel address and
 * configuration hashes), and per link the underlay address its path uses now (multi-addresses).
 */
export const sdwanRelay = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('sdwan_console_relay')
      .addColumn('device_id', 'text', (c) => c.primaryKey())
      .addColumn('endpoint', 'text', notNull)
      .addColumn('listen_port', 'integer', notNull)
      .addColumn('public_key', 'text')
      .addColumn('addresses', 'text', notNull)
      .addColumn('tunnel_ip', 'text', (c) => c.unique())
      .addColumn('joined_at', 'bigint', notNull)
      .addColumn('config_hash', 'text')
      .addColumn('applied_hash', 'text')
      .execute();
    await db.schema.alterTable('sdwan_links').addColumn('endpoint', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('sdwan_links').dropColumn('endpoint').execute();
    await db.schema.dropTable('sdwan_console_relay').execute();
  },
});
