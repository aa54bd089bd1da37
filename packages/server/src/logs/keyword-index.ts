/**
 * The log's key-word index (migration 0023): on SQLite an FTS5 table with the trigram tokenizer kept by
 * triggers, matched as a phrase (any substring of three characters or more, case folded); on PostgreSQL a
 * pg_trgm GIN index that ILIKE '%word%' uses. A key word shorter than three characters, or a PostgreSQL
 * where pg_trgm could not be created, is matched by scanning (store.ts), which gives the same rows.
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db, Dialect } from '../db/schema.ts';

/** Trigram indexes find substrings of this many characters and more. */
export const INDEXED_KEY_MIN = 3;

export async function hasKeywordIndex(db: Db, dialect: Dialect): Promise<boolean> {
  const found =
    dialect === 'sqlite'
      ? await sql`select name from sqlite_master where type = 'table' and name = 'device_logs_fts'`.execute(
          db,
        )
      : await sql`select indexname from pg_indexes where indexname = 'device_logs_message_trgm'`.execute(db);
  return found.rows.length > 0;
}

/** `%`, `_` and the escape itself are literal in the key word. */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Whether the index answers this key word (else the caller scans). */
export const indexAnswers = (indexed: boolean, key: string) => indexed && [...key].length >= INDEXED_KEY_MIN;

/** The WHERE condition that finds the key word through the index (indexAnswers said it can). */
export function indexedMatch(dialect: Dialect, key: string): Expression<SqlBool> {
  if (dialect === 'postgres') return sql<SqlBool>`message ilike ${`%${likeLiteral(key)}%`} escape '\\'`;
  // One phrase: the words as typed, quotes doubled (FTS5's string literal).
  const phrase = `"${key.replace(/"/g, '""')}"`;
  return sql<SqlBool>`device_logs.id in (select rowid from device_logs_fts where device_logs_fts match ${phrase})`;
}
