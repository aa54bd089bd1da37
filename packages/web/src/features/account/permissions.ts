/** What the signed-in user may do in a part of the console (SPEC 6): view it, or also change things there. */
import { allows, canManage, canView, permissionSetOf, type PermissionKey } from '@edge/protocol';
import { useMemo } from 'react';
import { useAccountInfo } from './api.ts';

export function usePermission(key: PermissionKey): { view: boolean; manage: boolean } {
  const tree = useAccountInfo().data?.permissions;
  return useMemo(() => {
    const set = permissionSetOf(tree ?? []);
    return { view: allows(set, canView(key)), manage: allows(set, canManage(key)) };
  }, [tree, key]);
}
