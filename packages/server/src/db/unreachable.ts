/**
 * The database cannot be reached (PostgreSQL stopped, restarting or cut off): the request could not be
 * served, through no fault of its own, and will be once the database is back. Recognised from what pg
 * throws: a connection that could not be made (named so by the store, `unreachable`), one that ended under a
 * query (pg's words, no code), or the server saying it is shutting down or not accepting connections yet
 * (class 57P, class 08).
 */
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
