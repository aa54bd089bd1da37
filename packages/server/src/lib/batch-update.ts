/**
 * Updates many rows with different values in one statement per chunk, on SQLite and PostgreSQL alike:
 *   WITH v (id, a, b) AS (VALUES (cast(? as text), cast(? as integer), ...), (?, ?, ...), ...)
 *   UPDATE t SET a = v.a, b = v.b FROM v WHERE t.id = v.id AND t.id IN (SELECT id FROM v)
 * The casts of the first row give PostgreSQL the types that bare parameters in VALUES lack (the other rows
 * take their column's type); casting every value made the statement text several times longer and slower to
 * prepare. The IN makes SQLite look the rows up by key: without it, it scanned the whole table for every
 * chunk (at 10,000 devices, 17 chunks of a full scan every presence flush). A row whose key no longer exists
 * (a device removed meanwhile) simply matches nothing, unlike an upsert which would bring it back.
 * Chunks come in a few fixed shapes with a turn of the event loop between them (chunks.ts).
 * `only` narrows the rows further (a condition on the table's own columns): then the keys of the rows
 * updated are returned, so the caller learns which rows the condition kept out.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/schema.ts';
import { inChunks } from './chunks.ts';

export type SqlType = 'text' | 'integer' | 'bigint' | 'double precision';
export type SqlValue = string | number | null;
export interface Column {
  name: string;
  type: SqlType;
}

/** Parameters per statement stay well under SQLite's and PostgreSQL's limits. */
const MAX_PARAMETERS = 8000;
/** Rows per statement: more amortises little more and makes each statement slower to compile and to wait behind. */
const MAX_ROWS = 256;

export async function updateMany(
  db: Db,
  table: string,
  key: Column,
  columns: Column[],
  rows: SqlValue[][],
  only?: { where: RawBuilder<unknown> },
): Promise<SqlValue[]> {
  const all = [key, ...columns];
  const byParameters = 2 ** Math.floor(Math.log2(Math.max(1, MAX_PARAMETERS / all.length)));
  const target = sql.ref(`${table}.${key.name}`);
  const updated: SqlValue[] = [];
  await inChunks(rows, Math.min(MAX_ROWS, byParameters), async (chunk) => {
    const values = chunk.map((row, r) =>
      r === 0
        ? sql`(${sql.join(row.map((value, i) => sql`cast(${value} as ${sql.raw(all[i]!.type)})`))})`
        : sql`(${sql.join(row)})`,
    );
    const statement = sql<
      Record<string, SqlValue>
    >`with v (${sql.join(all.map((c) => sql.ref(c.name)))}) as (values ${sql.join(values)})
      update ${sql.table(table)} set ${sql.join(columns.map((c) => sql`${sql.ref(c.name)} = ${sql.ref(`v.${c.name}`)}`))}
      from v where ${target} = ${sql.ref(`v.${key.name}`)}
      and ${target} in (select ${sql.ref(key.name)} from v)`;
    if (!only) return statement.execute(db);
    const { rows: kept } = await sql<Record<string, SqlValue>>`${statement} and (${only.where})
      returning ${target}`.execute(db);
    for (const row of kept) updated.push(row[key.name]!);
  });
  return updated;
}
