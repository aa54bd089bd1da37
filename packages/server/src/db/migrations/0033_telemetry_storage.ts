import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../schema.ts';

const DAY_MS = 86_400_000;
/** Days ahead made here, as the maintenance task makes them later (devices/telemetry.ts). */
const DAYS_AHEAD = 2;
const dayName = (day: number) =>
  `telemetry_points_d${new Date(day).toISOString().slice(0, 10).replaceAll('-', '')}`;

/**
 * Raw telemetry points on PostgreSQL in declarative range partitions by UTC day of `ts` (issue 18): the
 * maintenance task makes each day's table ahead and drops whole days past the retention instead of deleting
 * row by row; a default partition takes points of a day whose table is not there yet (the task moves them
 * into it when it makes it). The primary key (device_id, ts) and the ts index are declared on the parent and
 * so made on every partition. Written out here, not imported, because a migration must not change when
 * later code does.
 *
 * SQLite keeps its raw table, and its two rollup tables become WITHOUT ROWID tables: their rows are then
 * stored in (device_id, bucket) order, so a device's month of 5-minute rollups is a few hundred adjacent
 * pages instead of one page per bucket (rows are written a bucket at a time for the whole fleet), and the
 * key is no longer kept twice (table and primary key index).
 */
export const telemetryStorage = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    if (dialect !== 'postgres') {
      for (const table of ROLLUP_TABLES) await rebuildSqlite(db, table, true);
      return;
    }
    await sql`alter table telemetry_points rename to telemetry_points_plain`.execute(db);
    await sql`alter table telemetry_points_plain rename constraint telemetry_points_pk to telemetry_points_plain_pk`.execute(
      db,
    );
    await sql`alter index telemetry_points_ts rename to telemetry_points_plain_ts`.execute(db);
    await sql`create table telemetry_points (like telemetry_points_plain including defaults) partition by range (ts)`.execute(
      db,
    );
    await sql`alter table telemetry_points add constraint telemetry_points_pk primary key (device_id, ts)`.execute(
      db,
    );
    await sql`create index telemetry_points_ts on telemetry_points (ts)`.execute(db);
    await sql`create table telemetry_points_default partition of telemetry_points default`.execute(db);
    // A table for each day that has points and for today and the days ahead, so none lands in the default.
    const { rows } = await sql<{
      day: string;
    }>`select distinct (ts / ${sql.lit(DAY_MS)}) * ${sql.lit(DAY_MS)} as day
      from telemetry_points_plain`.execute(db);
    const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
    const days = new Set(rows.map((r) => Number(r.day)));
    for (let d = 0; d <= DAYS_AHEAD; d++) days.add(today + d * DAY_MS);
    for (const day of days)
      await sql`create table ${sql.id(dayName(day))} partition of telemetry_points
        for values from (${sql.lit(day)}) to (${sql.lit(day + DAY_MS)})`.execute(db);
    await sql`insert into telemetry_points select * from telemetry_points_plain`.execute(db);
    await sql`drop table telemetry_points_plain`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    if (dialect !== 'postgres') {
      for (const table of ROLLUP_TABLES) await rebuildSqlite(db, table, false);
      return;
    }
    await sql`create table telemetry_points_plain (like telemetry_points including defaults)`.execute(db);
    await sql`insert into telemetry_points_plain select * from telemetry_points`.execute(db);
    await sql`drop table telemetry_points`.execute(db);
    await sql`alter table telemetry_points_plain rename to telemetry_points`.execute(db);
    await sql`alter table telemetry_points add constraint telemetry_points_pk primary key (device_id, ts)`.execute(
      db,
    );
    await sql`create index telemetry_points_ts on telemetry_points (ts)`.execute(db);
  },
});

const ROLLUP_TABLES = ['telemetry_rollups_5m', 'telemetry_rollups'] as const;

/** Makes a SQLite rollup table again with the same columns, WITHOUT ROWID or not, rows and index kept. */
async function rebuildSqlite(db: Kysely<unknown>, table: string, withoutRowid: boolean) {
  const { rows: columns } = await sql<{ name: string; type: string; notnull: number }>`
    select name, type, "notnull" from pragma_table_info(${table}) order by cid`.execute(db);
  const next = `${table}_next`;
  const defs = columns.map(
    (c) => sql`${sql.id(c.name)} ${sql.raw(c.type)}${sql.raw(c.notnull ? ' not null' : '')}`,
  );
  await sql`create table ${sql.id(next)} (${sql.join(defs)},
    constraint ${sql.id(`${table}_pk`)} primary key (device_id, bucket))${sql.raw(withoutRowid ? ' without rowid' : '')}`.execute(
    db,
  );
  const names = sql.join(columns.map((c) => sql.id(c.name)));
  await sql`insert into ${sql.id(next)} (${names}) select ${names} from ${sql.id(table)}`.execute(db);
  await sql`drop table ${sql.id(table)}`.execute(db);
  await sql`alter table ${sql.id(next)} rename to ${sql.id(table)}`.execute(db);
  await sql`create index ${sql.id(`${table}_bucket`)} on ${sql.id(table)} (bucket)`.execute(db);
}
