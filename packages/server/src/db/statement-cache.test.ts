import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { Kysely, SqliteDialect, sql, type Generated } from 'kysely';
import { withStatementCache } from './statement-cache.ts';

describe('statement cache', () => {
  let file: SQLite.Database;
  afterEach(() => file?.open && file.close());

  const open = () => {
    file = new SQLite(':memory:');
    file.exec('create table t (id integer primary key, v text)');
    return withStatementCache(file);
  };

  it('prepares a short statement once and hands the same one back', () => {
    const db = open();
    const first = db.prepare('select v from t where id = ?');
    expect(db.prepare('select v from t where id = ?')).toBe(first);
    expect(db.cached()).toBe(1);
  });

  it('prepares long statements per use', () => {
    const db = open();
    const long = `select ${Array.from({ length: 1500 }, (_, i) => `${i} as c${i}`).join(', ')}`;
    expect(db.prepare(long)).not.toBe(db.prepare(long));
    expect(db.cached()).toBe(0);
  });

  it('keeps at most 512 statements, dropping the least recently used', () => {
    const db = open();
    const hot = db.prepare('select 0');
    for (let i = 1; i <= 600; i++) {
      db.prepare(`select ${i}`);
      db.prepare('select 0');
    }
    expect(db.cached()).toBe(512);
    expect(db.prepare('select 0')).toBe(hot);
  });

  it('gives a fresh statement while the kept one is still being iterated', () => {
    const db = open();
    file.exec("insert into t (v) values ('a'), ('b')");
    const query = 'select v from t order by id';
    const iterating = db.prepare(query).iterate([]);
    iterating.next();
    const rows = db.prepare(query).all([]);
    expect(rows).toEqual([{ v: 'a' }, { v: 'b' }]);
    iterating.return?.();
  });

  it('serves Kysely queries, writes included', async () => {
    const db = new Kysely<{ t: { id: Generated<number>; v: string } }>({
      dialect: new SqliteDialect({ database: open() }),
    });
    for (const v of ['x', 'y']) await db.insertInto('t').values({ v }).execute();
    const rows = await db.selectFrom('t').select('v').orderBy('id').execute();
    expect(rows.map((r) => r.v)).toEqual(['x', 'y']);
    expect((await sql<{ n: number }>`select count(*) as n from t`.execute(db)).rows[0]!.n).toBe(2);
    await db.destroy();
  });
});
