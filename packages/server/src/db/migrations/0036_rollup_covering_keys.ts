import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../schema.ts';

const ROLLUP_TABLES = ['telemetry_rollups_5m', 'telemetry_rollups'] as const;

/**
 * PostgreSQL: the rollup tables' primary key (device_id, bucket) carries every other column (INCLUDE), so
 * a device's range is read by an index-only scan from adjacent leaf pages. The heap holds rows in the order
 * they were written, a bucket at a time for the whole fleet, so a device's month of 5-minute rollups was
 * one heap page per bucket (8,640 pages); CLUSTER would order the heap but locks the table while it
 * rewrites it and the order decays with every bucket written after. The maintenance task vacuums the
 * rollup tables after rolling up (telemetry-store.ts), which marks the new pages all-visible so the scan
 * need not visit the heap. Columns are read from the catalogue, not imported, because a migration must
 * not change when later code does.
 *
 * SQLite needs nothing: its rollup tables are WITHOUT ROWID with the key (device_id, bucket) since
 * migration 0033, so the rows themselves are stored in device and time order.
 */
export const rollupCoveringKeys = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    if (dialect !== 'postgres') return;
    for (const table of ROLLUP_TABLES) await rekey(db, table, true);
  },
  async down(db: Kysely<unknown>) {
    if (dialect !== 'postgres') return;
    for (const table of ROLLUP_TABLES) await rekey(db, table, false);
  },
});

async function rekey(db: Kysely<unknown>, table: string, covering: boolean) {
  const { rows } = await sql<{ name: string }>`select column_name as name from information_schema.columns
    where table_schema = current_schema() and table_name = ${table}
      and column_name not in ('device_id', 'bucket')
    order by ordinal_position`.execute(db);
  const pk = sql.id(`${table}_pk`);
  const include = covering ? sql` include (${sql.join(rows.map((r) => sql.id(r.name)))})` : sql``;
  await sql`alter table ${sql.id(table)} drop constraint ${pk}`.execute(db);
  await sql`alter table ${sql.id(table)} add constraint ${pk} primary key (device_id, bucket)${include}`.execute(
    db,
  );
}
