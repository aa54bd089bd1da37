/** What the signed-in user may do with each of Diagnose's tests (SPEC 6), from their permission tree. */
import {
  allows,
  canManage,
  canView,
  permissionSetOf,
  type PermissionKey,
  type PermissionNode,
} from '@edge/protocol';

export function allowsIn(tree: PermissionNode[] | undefined) {
  const set = permissionSetOf(tree ?? []);
  return {
    view: (key: PermissionKey) => allows(set, canView(key)),
    manage: (key: PermissionKey) => allows(set, canManage(key)),
  };
}
