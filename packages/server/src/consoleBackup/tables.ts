/**
 * The console's tables as either dialect holds them: names, columns, and an order in which every table
 * comes after the tables its foreign keys point at (rows are written in it, and deleted in its reverse).
 */
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../db/schema.ts';

/** Not console state: the migrator's own bookkeeping (kept as the header's list) signed-in sessions and rate-limit counters. */
export const NOT_BACKED_UP = new Set([
  'kysely_migration',
  'kysely_migration_lock',
  'sessions',
  // Rate-limit counters of the current minute: nothing a restored console should start from.
  'request_counts',
  'sqlite_sequence',
]);

/** SQLite's tables, with the statement each was made by. */
export const SQLITE_TABLES =
  "select name, sql from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name";
export interface SqliteMasterRow {
  name: string;
  sql: string | null;
}

/**
 * The tables that hold rows of their own: a virtual table (the log's FTS5 key-word index) and its shadow
 * tables are derived, rebuilt by triggers as the rows they index are restored, and PostgreSQL has none.
 */
export function sqliteDataTables(rows: readonly SqliteMasterRow[]): string[] {
  const virtual = rows.filter((r) => /^create virtual table/i.test(r.sql ?? '')).map((r) => r.name);
  const derived = (name: string) => virtual.some((v) => name === v || name.startsWith(`${v}_`));
  return rows.map((r) => r.name).filter((name) => !derived(name));
}

export interface TableInfo {
  name: string;
  columns: string[];
  parents: string[];
}

// Introspection reaches tables no typed schema describes (the migrator's, and any a newer version adds).
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** On PostgreSQL a partitioned table counts once, by its parent (its partitions' rows are the parent's). */
export async function tablesOf(db: AnyDb, dialect: Dialect): Promise<TableInfo[]> {
  const found: TableInfo[] = [];
  if (dialect === 'sqlite') {
    const { rows } = await sql.raw<SqliteMasterRow>(SQLITE_TABLES).execute(db);
    for (const name of sqliteDataTables(rows)) {
      const columns = await sql<{ name: string }>`select name from pragma_table_info(${name})`.execute(db);
      const keys = await sql<{ table: string }>`select "table" from pragma_foreign_key_list(${name})`.execute(
        db,
      );
      found.push({ name, columns: columns.rows.map((c) => c.name), parents: keys.rows.map((k) => k.table) });
    }
  } else {
    const { rows } = await sql<{ name: string }>`
      select t.table_name as name from information_schema.tables t
      join pg_class c on c.relname = t.table_name and c.relnamespace = current_schema()::regnamespace
      where t.table_schema = current_schema() and t.table_type = 'BASE TABLE' and not c.relispartition
      order by t.table_name`.execute(db);
    const columns = await sql<{ table: string; name: string }>`
      select table_name as table, column_name as name from information_schema.columns
      where table_schema = current_schema() order by table_name, ordinal_position`.execute(db);
    const keys = await sql<{ child: string; parent: string }>`
      select cl.relname as child, pl.relname as parent from pg_constraint c
      join pg_class cl on cl.oid = c.conrelid join pg_class pl on pl.oid = c.confrelid
      join pg_namespace n on n.oid = cl.relnamespace
      where c.contype = 'f' and n.nspname = current_schema()`.execute(db);
    for (const { name } of rows)
      found.push({
        name,
        columns: columns.rows.filter((c) => c.table === name).map((c) => c.name),
        parents: keys.rows.filter((k) => k.child === name).map((k) => k.parent),
      });
  }
  return inDependencyOrder(found);
}

/** Parents before children; a cycle (none today) keeps the remaining tables in name order. */
export function inDependencyOrder(tables: TableInfo[]): TableInfo[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const done = new Set<string>();
  const ordered: TableInfo[] = [];
  const visit = (table: TableInfo, path: Set<string>) => {
    if (done.has(table.name) || path.has(table.name)) return;
    path.add(table.name);
    for (const parent of table.parents) {
      const p = byName.get(parent);
      if (p && parent !== table.name) visit(p, path);
    }
    done.add(table.name);
    ordered.push(table);
  };
  for (const table of tables) visit(table, new Set());
  return ordered;
}

/** The migrations applied to this schema, in order (none on a store never migrated). */
export async function appliedMigrations(db: AnyDb, dialect: Dialect, tables: TableInfo[]): Promise<string[]> {
  if (!tables.some((t) => t.name === 'kysely_migration')) return [];
  void dialect;
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return rows.map((r) => r.name);
}
