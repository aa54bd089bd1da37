/**
 * A row that must be stored with a change or not at all (a request's activity row), written by the store
 * itself in the transaction of the change, whatever route or store made it: one mechanism for every route,
 * instead of each store threading an extra write through its transactions.
 *
 * A request that may change something runs inside `duringChange(scope, work)`. The store's driver watches
 * what that work executes: at its first write that changes a row, it stores the scope's row in the same
 * transaction — the handler's own transaction when it has one, otherwise one the driver opens around that
 * write. The change and its row commit together or not at all (a failure of either leaves neither), and a
 * write that changed nothing (a 404, a lost race) stores nothing. Later writes of the same request pass as
 * they are; so does everything once the scope is closed (the answer left; work the handler started goes on).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import {
  CompiledQuery,
  DummyDriver,
  Kysely,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
  type RootOperationNode,
  type TransactionSettings,
} from 'kysely';
import type { Database } from './schema.ts';

/** The table the scope's row goes to, and its values (taken when the change is written). */
export interface ChangeRow {
  table: 'activity';
  values: () => Record<string, unknown>;
}

/**
 * open: nothing stored yet; pending: the row is in a transaction not yet committed; committed: stored with
 * the change (`rowId`); closed: the answer left, nothing more is written with it.
 */
export interface ChangeScope {
  row: ChangeRow;
  state: 'open' | 'pending' | 'committed' | 'closed';
  rowId?: number;
}

const current = new AsyncLocalStorage<ChangeScope>();

/** Runs `work` (a request's handler) so that its first change is stored with `row`; the scope tells how it went. */
export function duringChange<T>(row: ChangeRow, work: () => T): { scope: ChangeScope; result: T } {
  const scope: ChangeScope = { row, state: 'open' };
  return { scope, result: current.run(scope, work) };
}

const WRITES = new Set<RootOperationNode['kind']>([
  'InsertQueryNode',
  'UpdateQueryNode',
  'DeleteQueryNode',
  'MergeQueryNode',
]);
const RAW_WRITE = /^\s*(insert|update|delete|replace|merge)\b/i;

function isWrite(query: CompiledQuery, table: string): boolean {
  const node = query.query;
  const write = WRITES.has(node.kind) || (node.kind === 'RawNode' && RAW_WRITE.test(query.sql));
  // The row itself (or another request's row written by the recorder) is not a change.
  return write && !new RegExp(`^\\s*insert\\s+into\\s+"?${table}"?[\\s(]`, 'i').test(query.sql);
}

/** Rows changed: the count the database gives, or the rows a `returning` statement answered. */
const changed = (result: QueryResult<unknown>) =>
  result.numAffectedRows !== undefined ? result.numAffectedRows > 0n : result.rows.length > 0;

/** A connection of the store that knows whether it is inside a transaction, and which scope's row that holds. */
class WatchedConnection implements DatabaseConnection {
  inTransaction = false;
  holding: ChangeScope | undefined;

  constructor(
    readonly inner: DatabaseConnection,
    private readonly compileRow: (row: ChangeRow) => CompiledQuery,
  ) {}

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery(query, chunkSize);
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const scope = current.getStore();
    if (!scope || scope.state !== 'open' || !isWrite(query, scope.row.table))
      return this.inner.executeQuery(query);
    if (this.inTransaction) {
      const result = await this.inner.executeQuery<R>(query);
      if (changed(result)) {
        scope.rowId = await this.storeRow(scope);
        scope.state = 'pending';
        this.holding = scope;
      }
      return result;
    }
    // A write on its own: it and the row are made one transaction here.
    await this.inner.executeQuery(CompiledQuery.raw('begin'));
    try {
      const result = await this.inner.executeQuery<R>(query);
      const rowId = changed(result) ? await this.storeRow(scope) : undefined;
      await this.inner.executeQuery(CompiledQuery.raw('commit'));
      if (rowId !== undefined) Object.assign(scope, { rowId, state: 'committed' });
      return result;
    } catch (err) {
      // SQLite ends a transaction by itself on some failures (a full disk at COMMIT): nothing to roll back
      // then, and its refusal (thrown at once by better-sqlite3, not rejected) is no news.
      try {
        await this.inner.executeQuery(CompiledQuery.raw('rollback'));
      } catch {
        // The transaction is over either way.
      }
      throw err;
    }
  }

  private async storeRow(scope: ChangeScope): Promise<number> {
    const { rows } = await this.inner.executeQuery<{ id: number }>(this.compileRow(scope.row));
    return Number(rows[0]!.id);
  }

  /** The transaction ended: its row is stored (committed) or gone with it (the scope may write it again). */
  settle(committed: boolean): void {
    this.inTransaction = false;
    const scope = this.holding;
    this.holding = undefined;
    if (!scope || scope.state !== 'pending') return;
    if (committed) scope.state = 'committed';
    else Object.assign(scope, { state: 'open', rowId: undefined });
  }
}

class WatchingDriver implements Driver {
  private readonly watched = new WeakMap<DatabaseConnection, WatchedConnection>();

  constructor(
    private readonly inner: Driver,
    private readonly compileRow: (row: ChangeRow) => CompiledQuery,
  ) {}

  init = () => this.inner.init();
  destroy = () => this.inner.destroy();

  async acquireConnection(): Promise<DatabaseConnection> {
    const inner = await this.inner.acquireConnection();
    let connection = this.watched.get(inner);
    if (!connection) this.watched.set(inner, (connection = new WatchedConnection(inner, this.compileRow)));
    return connection;
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    await this.inner.releaseConnection((connection as WatchedConnection).inner);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const watched = connection as WatchedConnection;
    await this.inner.beginTransaction(watched.inner, settings);
    watched.inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const watched = connection as WatchedConnection;
    try {
      await this.inner.commitTransaction(watched.inner);
    } catch (err) {
      watched.settle(false);
      throw err;
    }
    watched.settle(true);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const watched = connection as WatchedConnection;
    try {
      await this.inner.rollbackTransaction(watched.inner);
    } finally {
      watched.settle(false);
    }
  }

  savepoint: Driver['savepoint'] = (connection, name, compile) =>
    this.inner.savepoint!((connection as WatchedConnection).inner, name, compile);
  rollbackToSavepoint: Driver['rollbackToSavepoint'] = (connection, name, compile) =>
    this.inner.rollbackToSavepoint!((connection as WatchedConnection).inner, name, compile);
  releaseSavepoint: Driver['releaseSavepoint'] = (connection, name, compile) =>
    this.inner.releaseSavepoint!((connection as WatchedConnection).inner, name, compile);
}

/** `dialect` with its driver watching for the changes of a `duringChange` scope. */
export function storingRowsWithChanges(dialect: Dialect): Dialect {
  // Compiles the rows only (never connects): the store's own adapter and compiler, no driver.
  const compiler = new Kysely<Database>({
    dialect: {
      createAdapter: () => dialect.createAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => dialect.createIntrospector(db),
      createQueryCompiler: () => dialect.createQueryCompiler(),
    },
  });
  const compileRow = (row: ChangeRow) =>
    compiler
      .insertInto(row.table)
      .values(row.values() as never)
      .returning('id')
      .compile();
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new WatchingDriver(dialect.createDriver(), compileRow),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
  };
}
