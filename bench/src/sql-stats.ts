/**
 * In the console child, with BENCH_SQL_STATS=1: time spent per SQL statement (SQLite: preparing and running
 * through better-sqlite3; PostgreSQL: each pg query, wall time), so "the database is busy" in a CPU profile
 * can be traced to the statements that make it busy. A diagnostic: it wraps the drivers' prototypes.
 */
import { performance } from 'node:perf_hooks';
import SQLite from 'better-sqlite3';
import pg from 'pg';

export interface SqlStat {
  sql: string;
  count: number;
  totalMs: number;
  prepareMs: number;
}

const stats = new Map<string, SqlStat>();
const SHOWN = 160;

const keyOf = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, SHOWN);
const stat = (text: string): SqlStat => {
  const key = keyOf(text);
  let s = stats.get(key);
  if (!s) stats.set(key, (s = { sql: key, count: 0, totalMs: 0, prepareMs: 0 }));
  return s;
};

type Method = (...args: unknown[]) => unknown;

export function installSqlStats(): void {
  const proto = SQLite.prototype as unknown as { prepare: Method };
  const prepare = proto.prepare;
  proto.prepare = function (this: unknown, ...args: unknown[]) {
    const started = performance.now();
    const statement = prepare.apply(this, args) as Record<string, Method>;
    const s = stat(String(args[0]));
    s.prepareMs += performance.now() - started;
    s.totalMs += performance.now() - started;
    for (const name of ['run', 'all', 'get', 'iterate']) {
      const original = statement[name];
      if (typeof original !== 'function') continue;
      statement[name] = function (this: unknown, ...a: unknown[]) {
        const t = performance.now();
        try {
          return original.apply(this, a);
        } finally {
          s.count++;
          s.totalMs += performance.now() - t;
        }
      };
    }
    return statement;
  };
  const client = pg.Client.prototype as unknown as { query: Method };
  const query = client.query;
  client.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0];
    const text = typeof first === 'string' ? first : ((first as { text?: string } | null)?.text ?? '?');
    const started = performance.now();
    const result = query.apply(this, args);
    if (result && typeof (result as Promise<unknown>).finally === 'function') {
      const s = stat(text);
      void (result as Promise<unknown>)
        .finally(() => {
          s.count++;
          s.totalMs += performance.now() - started;
        })
        .catch(() => undefined);
    }
    return result;
  };
}

/**
 * The `n` statements that took longest; `reset` then starts the count over (a phase's own figures). The
 * figures are zeroed, not dropped: a statement the console keeps compiled (db/statement-cache.ts) goes on
 * counting into the figures it was prepared with.
 */
export function topSql(n = 12, reset = false): SqlStat[] {
  const top = [...stats.values()]
    .filter((s) => s.totalMs > 0)
    .sort((a, b) => b.totalMs - a.totalMs)
    .slice(0, n)
    .map((s) => ({ ...s }));
  if (reset)
    for (const s of stats.values()) {
      s.count = 0;
      s.totalMs = 0;
      s.prepareMs = 0;
    }
  return top;
}
