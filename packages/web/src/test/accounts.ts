/** Test data: the signed-in user as getAccountInfo answers it. */
import { fullPermissionSet, permissionTree, type AccountInfo, type PermissionSet } from '@edge/protocol';

export function accountInfo(
  overrides: Partial<AccountInfo> = {},
  permissions: PermissionSet = fullPermissionSet(),
): AccountInfo {
  return {
    id: 1,
    name: 'admin',
    email: 'admin@example.com',
    companyName: 'Example Networks',
    type: 'Admin',
    roleId: 1,
    roleName: 'Administrator',
    permissions: permissionTree(permissions),
    webauthn: [],
    members: [],
    csrfToken: 'csrf-abc',
    ...overrides,
  };
}
