/**
 * SQLite's statements run synchronously: a chain of awaited queries never lets the event loop poll. Each
 * time this dialect's driver hands out its connection (a statement, or a whole transaction), it first
 * waits for a turn of its own when the loop has worked past its budget (lib/turn-budget.ts), so requests
 * that came meanwhile are answered between the chains instead of after all of them.
 */
import type { DatabaseConnection, Dialect, Driver } from 'kysely';
import { yieldWhenTurnSpent } from '../lib/turn-budget.ts';

/** `inner` as it is (its methods bound to it: Kysely's drivers keep private fields), but for the wait. */
function yieldingDriver(inner: Driver): Driver {
  const acquireConnection = async (): Promise<DatabaseConnection> => {
    await yieldWhenTurnSpent();
    return inner.acquireConnection();
  };
  return new Proxy(inner, {
    get(target, name) {
      if (name === 'acquireConnection') return acquireConnection;
      const value: unknown = Reflect.get(target, name, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

export function yieldingTurns(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => yieldingDriver(dialect.createDriver()),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
  };
}
