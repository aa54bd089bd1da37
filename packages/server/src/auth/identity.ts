/** Turns a user joined with their role into who the request acts as, whether it came by session or token. */
import { effectivePermissions, type AccountType, type PermissionSet } from '@edge/protocol';
import type { Identity } from '../http/types.ts';

/** The columns identityOf needs, for queries joining users with roles. */
export const IDENTITY_COLUMNS = [
  'users.id as user_id',
  'users.name as user_name',
  'users.status',
  'users.role_id',
  'users.type',
  'roles.permissions',
] as const;

export interface IdentityRow {
  user_id: number;
  user_name: string;
  status: number;
  role_id: number;
  type: string;
  permissions: string;
}

export function identityOf(row: IdentityRow): Identity {
  const accountType = row.type as AccountType;
  return {
    userId: row.user_id,
    userName: row.user_name,
    roleId: row.role_id,
    accountType,
    permissions: effectivePermissions(JSON.parse(row.permissions) as PermissionSet, row.role_id, accountType),
  };
}
