/**
 * Counts the SQL statements this process runs whose text matches, on either dialect (each run of a
 * better-sqlite3 statement, prepared before or after, since the console keeps them (db/statement-cache.ts);
 * each pg query), so a test can hold a path to the statements it costs.
 */
import SQLite from 'better-sqlite3';
import pg from 'pg';

type Method = (...args: unknown[]) => unknown;

const RUNS = ['run', 'get', 'all', 'iterate'] as const;

export function countStatements(matches: (sql: string) => boolean): { count(): number; stop(): void } {
  let count = 0;
  const note = (sql: unknown) => {
    const text = typeof sql === 'string' ? sql : (sql as { text?: string } | null)?.text;
    if (typeof text === 'string' && matches(text)) count++;
  };
  // Every statement shares one prototype: a throwaway one shows where it is.
  const scratch = new SQLite(':memory:');
  const statement = Object.getPrototypeOf(scratch.prepare('select 1')) as Record<string, Method>;
  scratch.close();
  const client = pg.Client.prototype as unknown as { query: Method };
  const originals = RUNS.map((name) => statement[name]!);
  const { query } = client;
  RUNS.forEach((name, i) => {
    const original = originals[i]!;
    statement[name] = function (this: { source: string }, ...args: unknown[]) {
      note(this.source);
      return original.apply(this, args);
    };
  });
  client.query = function (this: unknown, ...args: unknown[]) {
    note(args[0]);
    return query.apply(this, args);
  };
  return {
    count: () => count,
    stop() {
      RUNS.forEach((name, i) => (statement[name] = originals[i]!));
      client.query = query;
    },
  };
}
