/** Table types of the store. Times are epoch milliseconds; booleans are 0/1 on both dialects. */
import type { Generated, Kysely } from 'kysely';

export interface RolesTable {
  id: Generated<number>;
  name: string;
  /** JSON of PermissionSet. */
  permissions: string;
  created_at: number;
}

export interface UsersTable {
  id: Generated<number>;
  name: string;
  email: string;
  password_hash: string;
  role_id: number;
  type: string;
  /** 1 active, 0 suspended (SPEC 3: status default 1). */
  status: number;
  company_name: string;
  created_at: number;
  updated_at: number;
}

export interface SessionsTable {
  /** sha256 of the cookie value: a stolen database does not hand out live sessions. */
  id_hash: string;
  user_id: number;
  csrf_token: string;
  ip: string;
  user_agent: string;
  created_at: number;
  last_seen_at: number;
}

export interface LoginFailuresTable {
  /** 'account:<name>' or 'ip:<address>'. */
  key: string;
  count: number;
  window_start: number;
}

export interface ActivityTable {
  id: Generated<number>;
  user_id: number | null;
  user_name: string;
  action: string;
  target: string;
  ip: string;
  status_code: number;
  created_at: number;
}

export interface Database {
  roles: RolesTable;
  users: UsersTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  activity: ActivityTable;
}

export type Db = Kysely<Database>;
export type Dialect = 'sqlite' | 'postgres';
