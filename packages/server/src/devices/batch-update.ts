/**
 * Updates many rows with different values in one statement per chunk, on SQLite and PostgreSQL alike:
 *   WITH v (id, a, b) AS (VALUES (cast(? as text), cast(? as integer), ...), (?, ?, ...), ...)
 *   UPDATE t SET a = v.a, b = v.b FROM v WHERE t.id = v.id AND t.id IN (SELECT id FROM v)
 * The casts of the first row give PostgreSQL the types that bare parameters in VALUES lack (the other rows
 * take their column's type); casting every value made the statement text several times longer and slower to
 * prepare. The IN makes SQLite look the rows up by key: without it, it scanned the whole table for every
 * chunk (at 10,000 devices, 17 chunks of a full scan every presence flush). A row whose key no longer exists
 * (a device removed meanwhile) simply matches nothing, unlike an upsert which would bring it back.
 */
import { sql } from 'kysely';
import type { Db } from '../db/schema.ts';

export type SqlType = 'text' | 'integer' | 'bigint' | 'double precision';
export type SqlValue = string | number | null;
export interface Column {
  name: string;
  type: SqlType;
}

/** Parameters per statement stay well under SQLite's and PostgreSQL's limits. */
const MAX_PARAMETERS = 8000;

export async function updateMany(
  db: Db,
  table: string,
  key: Column,
  columns: Column[],
  rows: SqlValue[][],
): Promise<void> {
  const all = [key, ...columns];
  const chunk = Math.max(1, Math.floor(MAX_PARAMETERS / all.length));
  for (let start = 0; start < rows.length; start += chunk) {
    const values = rows
      .slice(start, start + chunk)
      .map((row, r) =>
        r === 0
          ? sql`(${sql.join(row.map((value, i) => sql`cast(${value} as ${sql.raw(all[i]!.type)})`))})`
          : sql`(${sql.join(row)})`,
      );
    const target = sql.ref(`${table}.${key.name}`);
    await sql`with v (${sql.join(all.map((c) => sql.ref(c.name)))}) as (values ${sql.join(values)})
      update ${sql.table(table)} set ${sql.join(columns.map((c) => sql`${sql.ref(c.name)} = ${sql.ref(`v.${c.name}`)}`))}
      from v where ${target} = ${sql.ref(`v.${key.name}`)}
      and ${target} in (select ${sql.ref(key.name)} from v)`.execute(db);
  }
}
