import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../schema.ts';
import { notNull, withId } from './columns.ts';

/**
 * Secure SD-WAN (issue 21): sites with their LANs, nodes (devices, with the public key each reports and
 * the tunnel address the console gave it), links between sites with their last known state, tunnel subnets.
 * A node goes with its device; a site's links go with the site.
 */
export const sdwan = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await withId(db.schema.createTable('sdwan_sites'), dialect)
      .addColumn('name', 'text', (c) => c.notNull().unique())
      .addColumn('lans', 'text', notNull)
      .addColumn('exit_node_id', 'text')
      .addColumn('created_at', 'bigint', notNull)
      .execute();
    await db.schema
      .createTable('sdwan_nodes')
      .addColumn('device_id', 'text', (c) => c.primaryKey().references('devices.id').onDelete('cascade'))
      .addColumn('site_id', 'integer', (c) => c.references('sdwan_sites.id').onDelete('set null'))
      .addColumn('relay', 'integer', notNull)
      .addColumn('endpoint', 'text', notNull)
      .addColumn('listen_port', 'integer', notNull)
      .addColumn('on_boot', 'integer', notNull)
      .addColumn('public_key', 'text')
      .addColumn('addresses', 'text', notNull)
      .addColumn('tunnel_ip', 'text', (c) => c.unique())
      .addColumn('joined_at', 'bigint', notNull)
      .addColumn('config_hash', 'text')
      .addColumn('applied_hash', 'text')
      .execute();
    await withId(db.schema.createTable('sdwan_links'), dialect)
      .addColumn('site_a', 'integer', (c) => c.notNull().references('sdwan_sites.id').onDelete('cascade'))
      .addColumn('site_b', 'integer', (c) => c.notNull().references('sdwan_sites.id').onDelete('cascade'))
      .addColumn('mode', 'text', notNull)
      .addColumn('relay_id', 'text')
      .addColumn('rate_limit_mbps', 'integer')
      .addColumn('rules', 'text', notNull)
      .addColumn('state', 'text', notNull)
      .addColumn('path', 'text', notNull)
      .addColumn('latency_ms', 'real')
      .addColumn('throughput_bps', 'real', notNull)
      .addColumn('state_at', 'bigint')
      .execute();
    await withId(db.schema.createTable('sdwan_subnets'), dialect)
      .addColumn('cidr', 'text', notNull)
      .addColumn('range_start', 'text', notNull)
      .addColumn('range_end', 'text', notNull)
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['sdwan_links', 'sdwan_nodes', 'sdwan_subnets', 'sdwan_sites'])
      await db.schema.dropTable(table).execute();
  },
});
