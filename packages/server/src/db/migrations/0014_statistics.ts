import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../schema.ts';
import { notNull, withId } from './columns.ts';

/**
 * Statistics, Dashboard and Clients (issue 18):
 * - the telemetry series gains signal quality (RSRQ, SNR) and uptime, and a 5-minute rollup table beside
 *   the hourly one (raw kept a day, 5-minute rollups a month, hourly a year: telemetry.ts);
 * - each user's saved Statistics views by name;
 * - every client each device has reported (the Clients app), one row per device and MAC.
 * Metric columns are written out here, not imported, because a migration must not change when later code does.
 */
const NEW_METRICS = ['signal_rsrq', 'signal_snr', 'uptime'] as const;
const ALL_METRICS = [
  'cpu_usage',
  'memory_usage',
  'disk_usage',
  'cpu_temp',
  'fan_speed',
  'signal_rsrp',
  'clients',
  'ethernet_rx',
  'ethernet_tx',
  'wifi_rx',
  'wifi_tx',
  'cellular_rx',
  'cellular_tx',
  'control_plane_rx',
  'control_plane_tx',
  'data_plane_rx',
  'data_plane_tx',
  ...NEW_METRICS,
] as const;

export const statistics = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    for (const table of ['telemetry_points', 'telemetry_rollups']) {
      for (const m of NEW_METRICS)
        await db.schema.alterTable(table).addColumn(m, 'double precision').execute();
    }

    let fine = db.schema
      .createTable('telemetry_rollups_5m')
      .addColumn('device_id', 'text', notNull)
      .addColumn('bucket', 'bigint', notNull)
      .addColumn('samples', 'integer', notNull);
    for (const m of ALL_METRICS) fine = fine.addColumn(m, 'double precision');
    await fine.addPrimaryKeyConstraint('telemetry_rollups_5m_pk', ['device_id', 'bucket']).execute();
    await db.schema
      .createIndex('telemetry_rollups_5m_bucket')
      .on('telemetry_rollups_5m')
      .column('bucket')
      .execute();

    await withId(db.schema.createTable('statistics_views'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('name', 'text', notNull)
      .addColumn('config', 'text', notNull)
      .addColumn('updated_at', 'bigint', notNull)
      .addUniqueConstraint('statistics_views_user_name', ['user_id', 'name'])
      .execute();

    await db.schema
      .createTable('device_clients')
      .addColumn('device_id', 'text', notNull)
      .addColumn('mac', 'text', notNull)
      .addColumn('kind', 'text', notNull)
      .addColumn('hostname', 'text', notNull)
      .addColumn('ip', 'text', notNull)
      .addColumn('interface', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('ssid', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('signal', 'double precision')
      .addColumn('rx_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('tx_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('first_seen', 'bigint', notNull)
      .addColumn('last_seen', 'bigint', notNull)
      .addPrimaryKeyConstraint('device_clients_pk', ['device_id', 'mac'])
      .execute();
    await db.schema
      .createIndex('device_clients_last_seen')
      .on('device_clients')
      .column('last_seen')
      .execute();
    await db.schema.createIndex('device_clients_ip').on('device_clients').column('ip').execute();
    await db.schema.createIndex('device_clients_mac').on('device_clients').column('mac').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('device_clients').execute();
    await db.schema.dropTable('statistics_views').execute();
    await db.schema.dropTable('telemetry_rollups_5m').execute();
    for (const table of ['telemetry_points', 'telemetry_rollups']) {
      for (const m of NEW_METRICS) await db.schema.alterTable(table).dropColumn(m).execute();
    }
  },
});
