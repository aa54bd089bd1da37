import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../schema.ts';
import { notNull, withId } from './columns.ts';

/**
 * Metric columns of the telemetry series (raw points and hourly rollups): averages over the sampling
 * window; throughput in Mbps per interface kind. Written out here, not imported, because a migration
 * must not change when later code does.
 */
const METRIC_COLUMNS = [
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
] as const;

const emptyText = (c: Parameters<typeof notNull>[0]) => c.notNull().defaultTo('');

export const devices = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await withId(db.schema.createTable('device_groups'), dialect)
      .addColumn('name', 'text', (c) => c.notNull().unique())
      .addColumn('customer_id', 'integer')
      .addColumn('created_at', 'bigint', notNull)
      .execute();

    await db.schema
      .createTable('devices')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('serial', 'text', (c) => c.notNull().unique())
      .addColumn('model', 'text', emptyText)
      .addColumn('name', 'text', emptyText)
      .addColumn('firmware', 'text', emptyText)
      .addColumn('adoption', 'text', (c) => c.notNull().defaultTo('pending'))
      .addColumn('credential_hash', 'text', notNull)
      .addColumn('group_id', 'integer', (c) => c.references('device_groups.id').onDelete('set null'))
      .addColumn('profile', 'text', emptyText)
      .addColumn('ip', 'text', emptyText)
      .addColumn('iface_name', 'text', emptyText)
      .addColumn('mac', 'text', emptyText)
      .addColumn('hostname', 'text', emptyText)
      .addColumn('latitude', 'double precision')
      .addColumn('longitude', 'double precision')
      .addColumn('secure_mode', 'text', (c) => c.notNull().defaultTo('Unsupported'))
      .addColumn('idle', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('online', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('uptime', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('report_interval', 'integer', (c) => c.notNull().defaultTo(30))
      .addColumn('last_seen_at', 'bigint')
      .addColumn('adopted_at', 'bigint')
      .addColumn('created_at', 'bigint', notNull)
      .execute();
    await db.schema.createIndex('devices_group').on('devices').column('group_id').execute();
    await db.schema.createIndex('devices_adoption').on('devices').column('adoption').execute();

    await db.schema
      .createTable('provision_serials')
      .addColumn('serial', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', emptyText)
      .addColumn('group_name', 'text', emptyText)
      .addColumn('profile', 'text', emptyText)
      .addColumn('created_at', 'bigint', notNull)
      .execute();

    // No foreign key to devices on the series and logs: they are written in large batches, and a device
    // removed between sampling and writing must not make the whole batch fail. Removal deletes them itself.
    let points = db.schema
      .createTable('telemetry_points')
      .addColumn('device_id', 'text', notNull)
      .addColumn('ts', 'bigint', notNull);
    for (const m of METRIC_COLUMNS) points = points.addColumn(m, 'double precision');
    await points.addPrimaryKeyConstraint('telemetry_points_pk', ['device_id', 'ts']).execute();
    await db.schema.createIndex('telemetry_points_ts').on('telemetry_points').column('ts').execute();

    let rollups = db.schema
      .createTable('telemetry_rollups')
      .addColumn('device_id', 'text', notNull)
      .addColumn('bucket', 'bigint', notNull)
      .addColumn('samples', 'integer', notNull);
    for (const m of METRIC_COLUMNS) rollups = rollups.addColumn(m, 'double precision');
    await rollups.addPrimaryKeyConstraint('telemetry_rollups_pk', ['device_id', 'bucket']).execute();
    await db.schema
      .createIndex('telemetry_rollups_bucket')
      .on('telemetry_rollups')
      .column('bucket')
      .execute();

    await withId(db.schema.createTable('device_logs'), dialect)
      .addColumn('device_id', 'text', notNull)
      .addColumn('level', 'text', notNull)
      .addColumn('program', 'text', notNull)
      .addColumn('message', 'text', notNull)
      .addColumn('alarm_code', 'text')
      .addColumn('created_at', 'bigint', notNull)
      .execute();
    await db.schema
      .createIndex('device_logs_device')
      .on('device_logs')
      .columns(['device_id', 'created_at'])
      .execute();
    await db.schema.createIndex('device_logs_created').on('device_logs').column('created_at').execute();
  },
  async down(db: Kysely<unknown>) {
    for (const t of [
      'device_logs',
      'telemetry_rollups',
      'telemetry_points',
      'provision_serials',
      'devices',
      'device_groups',
    ]) {
      await db.schema.dropTable(t).execute();
    }
  },
});
