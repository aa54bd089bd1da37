import { useMemo } from 'react';
import { useAccountInfo } from '../features/account/api.ts';
import { modules } from './modules.ts';
import { visibleModules } from './visibleModules.ts';

export function useVisibleModules() {
  const { data } = useAccountInfo();
  const tree = data?.permissions;
  return useMemo(() => (tree ? visibleModules(modules, tree) : []), [tree]);
}

export function usePermissionTree() {
  return useAccountInfo().data?.permissions ?? [];
}
