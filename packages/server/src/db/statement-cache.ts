/**
 * Kysely's SQLite driver prepares every statement it runs, each time it runs it. At 10,000 devices the bench's
 * CPU profile put better-sqlite3's `prepare` at a tenth of the console's busy time: the same few dozen
 * statements (a device's config section, its telemetry row, its presence) compiled again for every message.
 * Handing Kysely this wrapper keeps the compiled statements of short, fixed-shape SQL and reuses them.
 * Batched writes come in a few fixed shapes (devices/chunks.ts), so they are kept too; longer statements
 * than any of those are prepared per use, as text that long is most likely single-use.
 */
import type { Database as SqliteFile, Statement } from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/** Statements kept, least recently used dropped first. */
const MAX_STATEMENTS = 512;
/** Longer SQL is prepared per use. */
const MAX_CACHED_SQL_LENGTH = 16_384;

export function withStatementCache(file: SqliteFile): SqliteDatabase & { cached(): number } {
  const statements = new Map<string, Statement>();
  return {
    close: () => {
      statements.clear();
      file.close();
    },
    prepare(sql: string) {
      if (sql.length > MAX_CACHED_SQL_LENGTH) return file.prepare(sql);
      const kept = statements.get(sql);
      // A statement still being iterated (a streamed select) cannot run again until it is done.
      if (kept && !kept.busy) {
        // Re-inserting moves it to the back: Map order is the recency order.
        statements.delete(sql);
        statements.set(sql, kept);
        return kept;
      }
      if (kept) return file.prepare(sql);
      const statement = file.prepare(sql);
      statements.set(sql, statement);
      if (statements.size > MAX_STATEMENTS) statements.delete(statements.keys().next().value!);
      return statement;
    },
    cached: () => statements.size,
  };
}
