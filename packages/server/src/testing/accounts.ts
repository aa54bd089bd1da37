/** Test helpers for accounts and permissions: an API caller per user, users with given roles, and database snapshots. */
import { permissionTree, type PermissionSet } from '@edge/protocol';
import type { Console } from '../app.ts';
import { signIn } from './harness.ts';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
type Session = Awaited<ReturnType<typeof signIn>>;

/** Calls the API as the signed-in session (CSRF header on mutations), or anonymously; from 127.0.0.1 unless told. */
export function caller(edge: Console, session?: Session, remoteAddress = '127.0.0.1') {
  return (method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    edge.app.inject({
      method,
      url,
      remoteAddress,
      ...(payload !== undefined && { payload: payload as object }),
      headers: { ...session?.headers(method !== 'GET'), ...headers },
    });
}
export type Caller = ReturnType<typeof caller>;

export const USER_PASSWORD = 'User-pass-1234';
let serial = 0;

/** Creates a role with the given grants and a user holding it (through the API, as the administrator). */
export async function userWithRole(
  edge: Console,
  admin: Caller,
  grants: PermissionSet,
  type: 'Admin' | 'Container' = 'Admin',
) {
  serial += 1;
  const role = await admin('POST', '/api/v1/settings/permission/roles', {
    name: `role${serial}-${Date.now() % 100000}`,
    permissions: permissionTree(grants),
  });
  if (role.statusCode !== 200) throw new Error(`role: ${role.body}`);
  const roleId = role.json<{ id: number }>().id;
  const name = `user${serial}x${Date.now() % 100000}`;
  const user = await admin('POST', '/api/v1/settings/account/users', {
    name,
    email: `${name}@example.com`,
    password: USER_PASSWORD,
    confirmPassword: USER_PASSWORD,
    roleId,
    type,
  });
  if (user.statusCode !== 200) throw new Error(`user: ${user.body}`);
  const session = await signIn(edge, name, USER_PASSWORD);
  return { id: user.json<{ id: number }>().id, name, roleId, session, call: caller(edge, session) };
}

/**
 * Tables whose rows change as a side effect of any request (the audit trail and session bookkeeping) or of
 * time passing (the claims of periodic tasks, which fall every five minutes in the middle of a test now
 * and then, and the telemetry rollups they write).
 */
const BOOKKEEPING = new Set([
  'activity',
  'schedule_occurrences',
  'telemetry_rollups',
  'telemetry_rollups_5m',
  // Every client the fleet reports, kept as it reports them (issue 18's Clients).
  'device_clients',
  // Device lines and the console's own (a device connecting) are flushed every 2 s, whatever a request did.
  'device_logs',
  'log_programs',
  // SQLite's key-word index of device_logs (FTS5 and its shadow tables), kept by triggers.
  'device_logs_fts',
  'device_logs_fts_data',
  'device_logs_fts_idx',
  'device_logs_fts_docsize',
  'device_logs_fts_config',
  'sessions',
  'login_failures',
  // The anonymous rate limit's counters (http/request-counts.ts): every anonymous request counts.
  'request_counts',
  'webauthn_challenges',
  'kysely_migration',
  'kysely_migration_lock',
]);

/** PostgreSQL's day partitions of the raw telemetry: the scheduled maintenance makes and drops them on its own. */
const TELEMETRY_PARTITION = /^telemetry_points_/;

/** Every row of every other table, to prove a refused request wrote nothing. */
export async function snapshot(edge: Console): Promise<string> {
  const tables = (await edge.store.db.introspection.getTables())
    .map((t) => t.name)
    .filter((n) => !BOOKKEEPING.has(n) && !TELEMETRY_PARTITION.test(n));
  const dump: Record<string, string[]> = {};
  for (const table of tables.sort()) {
    const rows = await edge.store.db
      .selectFrom(table as never)
      .selectAll()
      .execute();
    dump[table] = rows.map((r) => JSON.stringify(r)).sort();
  }
  return JSON.stringify(dump);
}
