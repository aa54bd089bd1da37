/**
 * The log's key-word index (migration 0023): on SQLite an FTS5 table with the trigram tokenizer kept by
 * triggers (any substring of three characters or more, case folded); on PostgreSQL a
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

/**
 * The condition that the message holds the (lower-case) key word, in any case, for the rows the other
 * filters pick: SQLite calls the console's own fold (db/database.ts: JavaScript's toLowerCase, which folds
 * every letter, where SQLite's LIKE folds ASCII only); PostgreSQL folds as the database's locale does
 * (strpos of lower(): a third of ILIKE's time on 1,500 rows).
 */
export const holds = (dialect: Dialect, key: string): Expression<SqlBool> =>
  dialect === 'sqlite'
    ? sql<SqlBool>`contains_folded(message, ${key})`
    : sql<SqlBool>`strpos(lower(message), ${key}) > 0`;

/** The distinct trigrams of a (case-folded) key word, as the index's tokenizer cuts them: by character. */
export function trigrams(key: string): string[] {
  const chars = [...key];
  const found = new Set<string>();
  for (let i = 0; i + INDEXED_KEY_MIN <= chars.length; i++)
    found.add(chars.slice(i, i + INDEXED_KEY_MIN).join(''));
  return [...found];
}

/**
 * How many trigrams a candidate must hold. Both indexes match a key word by walking the lists of every one
 * of its trigrams, and a word's common trigrams ('cli', 'ent' of "client-4321") are in most lines: FTS5
 * took 20 ms and the GIN index 70 ms a million rows, whatever the word finds. The few trigrams rarest in
 * the lines just read (the sample) find the same rows and a few more, which the caller drops (FTS5 0.2 ms
 * for '432' AND '321', GIN 0.4 ms for ILIKE '%4321%').
 */
const RARE_TRIGRAMS = 3;

/** pg_trgm makes trigrams of words (letters and digits) only: others are not in its index. */
const PG_WORD_TRIGRAM = /^[\p{L}\p{N}]+$/u;

/**
 * The WHERE condition for the rows that may hold the (case-folded) key word, through the index
 * (indexAnswers said it can): the rows holding the key word's rarest trigram in `sample` (how many of
 * the rows just read hold each) and up to RARE_TRIGRAMS - 1 more found in at most one of 50 of them; a superset the
 * caller narrows to the rows whose message holds the key word. SQLite: FTS5 strings, all required;
 * PostgreSQL: ILIKE each trigram, which the pg_trgm GIN index answers (the whole key word when none of
 * its trigrams is a word's).
 */
export function indexedCandidates(
  dialect: Dialect,
  key: string,
  sample: { rows: number; of: ReadonlyMap<string, number> },
): Expression<SqlBool> {
  const rarest = trigrams(key)
    .filter((t) => dialect === 'sqlite' || PG_WORD_TRIGRAM.test(t))
    .map((t) => ({ t, n: sample.of.get(t) ?? 0 }))
    .sort((a, b) => a.n - b.n)
    // The rarest, and the next ones only while rare themselves: a common one adds its long list.
    .filter(({ n }, i) => i === 0 || (i < RARE_TRIGRAMS && n <= sample.rows / 50))
    .map(({ t }) => t);
  if (dialect === 'postgres') {
    const like = (text: string) => sql<SqlBool>`message ilike ${`%${likeLiteral(text)}%`} escape '\\'`;
    return rarest.length ? sql<SqlBool>`${sql.join(rarest.map(like), sql` and `)}` : like(key);
  }
  // Each trigram one FTS5 string (quotes doubled), all of them required.
  const query = rarest.map((t) => `"${t.replace(/"/g, '""')}"`).join(' AND ');
  return sql<SqlBool>`device_logs.id in (select rowid from device_logs_fts where device_logs_fts match ${query})`;
}
