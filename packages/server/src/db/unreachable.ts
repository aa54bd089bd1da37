/**
 * The database cannot be reached (PostgreSQL stopped, restarting or cut off): the request could not be
 * served, through no fault of its own, and will be once the database is back. Recognised from what pg
 * throws: a connection that could not be made (named so by the store, `unreachable`), one that ended under a
 * query (pg's words, no code), or the server saying it is shutting down or not accepting connections yet
 * (class 57P, class 08).
 */
import type pg from 'pg';

/** admin_shutdown, crash_shutdown, cannot_connect_now, and the connection_exception class. */
const SERVER_CODES = /^(57P0[123]|08...)$/;
/** pg's own errors for a connection that ended under a query carry no code. */
const PG_WORDS = /^(Connection terminated|Client has encountered a connection error|Client was closed)/;

export function isDatabaseUnreachable(err: unknown): boolean {
  const { code, message } = (err ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && SERVER_CODES.test(code)) return true;
  return typeof message === 'string' && PG_WORDS.test(message);
}

/** A failure to connect to the database, named as one (SQLSTATE 08001), its cause kept. */
export function unreachable(err: unknown): Error {
  const detail = err instanceof Error ? err.message : String(err);
  return Object.assign(new Error(`database unreachable: ${detail}`, { cause: err }), { code: '08001' });
}

/** The socket's own failures under a query: the server went away mid-conversation (reset, broken pipe). */
const SOCKET_CODES = new Set([
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/**
 * A pooled connection whose socket fails under a query (a server killed at once resets it) rejects with the
 * socket's bare error, which any other client could throw too: on this connection it is named a database
 * connection failure, as a connection that cannot be made is.
 */
export function namingLostConnections(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const result = query(...args) as Promise<unknown> | undefined;
    // The store asks for promises (Kysely); a cursor given as the query passes as it is.
    return typeof result?.catch === 'function'
      ? result.catch((err: unknown) => Promise.reject(named(err)))
      : result;
  };
}

function named(err: unknown): unknown {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && SOCKET_CODES.has(code) ? unreachable(err) : err;
}

/**
 * `read()`, or `last` when the database cannot be reached and something was read before: a cache that every
 * request needs (the address lists, group names) keeps answering through an outage instead of failing them all.
 */
export async function freshOrLast<T>(read: () => Promise<T>, last: T | undefined): Promise<T> {
  try {
    return await read();
  } catch (err) {
    if (last === undefined || !isDatabaseUnreachable(err)) throw err;
    return last;
  }
}
