/** Opens the store: SQLite in DATA_DIR (WAL) by default, PostgreSQL when DATABASE_URL is set. */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { keepPrivate } from './private-file.ts';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { Database, Db, Dialect } from './schema.ts';
import { migrateToLatest } from './migrate.ts';
import { withStatementCache } from './statement-cache.ts';
import { namingLostConnections, unreachable } from './unreachable.ts';
import { storingRowsWithChanges } from './with-change.ts';
import { laneGate } from './pool-lanes.ts';

/** Size the SQLite write-ahead log is cut back to after a checkpoint. */
const WAL_SIZE_LIMIT_BYTES = 16 * 1024 * 1024;

// int8 columns hold epoch milliseconds, which fit a JS number exactly.
pg.types.setTypeParser(20, (v) => Number(v));

export interface Store {
  db: Db;
  dialect: Dialect;
  close(): Promise<void>;
}

/** Connections to PostgreSQL per console. */
const POOL_SIZE = 10;
/** Of them, kept for operators' requests (pool-lanes.ts). */
const KEPT_FOR_REQUESTS = 3;

/** The store's connections to PostgreSQL. */
export function postgresPool(connectionString: string): pg.Pool {
  const pool = new pg.Pool({ connectionString, max: POOL_SIZE });
  // A connection the server ends (restart, failover, a test dropping its database while the pool winds
  // down) raises 'error' on the pool or on the client; unheard, either would crash the process. The pool
  // drops such a connection and opens a new one on the next query.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    namingLostConnections(client);
  });
  return pool;
}

/** `migrate: false` leaves the schema as it is (a restore onto a store never started builds it itself). */
export async function openStore(opts: {
  dataDir: string;
  databaseUrl?: string;
  migrate?: boolean;
}): Promise<Store> {
  let db: Db;
  let dialect: Dialect;
  if (opts.databaseUrl) {
    dialect = 'postgres';
    const pool = postgresPool(opts.databaseUrl);
    // A connection that cannot be made fails with the socket's code (ECONNREFUSED ...), which other clients
    // throw as well: it is named a database connection failure (SQLSTATE 08001) where it happens.
    const connect = laneGate(
      () => pool.connect().catch((err: unknown) => Promise.reject(unreachable(err))),
      POOL_SIZE - KEPT_FOR_REQUESTS,
    );
    db = new Kysely<Database>({
      dialect: storingRowsWithChanges(new PostgresDialect({ pool: { connect, end: () => pool.end() } })),
    });
  } else {
    dialect = 'sqlite';
    fs.mkdirSync(opts.dataDir, { recursive: true });
    const databaseFile = path.join(opts.dataDir, 'console.sqlite');
    keepPrivate(databaseFile);
    const file = new SQLite(databaseFile);
    file.pragma('journal_mode = WAL');
    file.pragma('synchronous = NORMAL');
    file.pragma('foreign_keys = ON');
    file.pragma('busy_timeout = 5000');
    // Checkpoints reuse the write-ahead log but never shrink it: after a burst of writes (a fleet enrolling)
    // it would keep its high-water size and can fill a small data directory. Truncate it back past this.
    file.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
    // The Log's key-word match (logs/keyword-index.ts holds): `text` holds `key` (lower case) in any case,
    // folded as JavaScript folds (SQLite's LIKE folds ASCII letters only).
    file.function('contains_folded', { deterministic: true }, (text: unknown, key: unknown) =>
      typeof text === 'string' && typeof key === 'string' && text.toLowerCase().includes(key) ? 1 : 0,
    );
    db = new Kysely<Database>({
      dialect: storingRowsWithChanges(new SqliteDialect({ database: withStatementCache(file) })),
    });
  }
  // Both dialects store a request's activity row in the transaction of its change (db/with-change.ts).
  if (opts.migrate !== false) await migrateToLatest(db, dialect);
  return { db, dialect, close: () => db.destroy() };
}
