/** Which modules and child pages the signed-in user sees (SPEC 6), and the address list built from them. */
import {
  APPS_WITH_HIDDEN_CHILDREN,
  HIDDEN_FROM_ADDRESS_LIST,
  type PermissionKey,
  type PermissionNode,
} from '@edge/protocol';
import type { AppModule, ModuleChild } from './module.ts';

const nodeOf = (tree: readonly PermissionNode[], key: string) => tree.find((n) => n.key === key);

export function visibleModules(modules: readonly AppModule[], tree: readonly PermissionNode[]): AppModule[] {
  return modules.filter((m) => nodeOf(tree, m.key)?.control.enable === true);
}

export function visibleChildren(module: AppModule, tree: readonly PermissionNode[]): ModuleChild[] {
  const app = nodeOf(tree, module.key);
  if (!app?.control.enable) return [];
  return (module.children ?? []).filter((child) => {
    const node = nodeOf(app.children, child.key);
    return node ? node.control.enable : true;
  });
}

/** The address list: visible apps with their visible children, minus the children SPEC 6 keeps out of it. */
export function addressList(modules: readonly AppModule[], tree: readonly PermissionNode[]) {
  return visibleModules(modules, tree).map((module) => ({
    module,
    children: APPS_WITH_HIDDEN_CHILDREN.includes(module.key)
      ? []
      : visibleChildren(module, tree).filter(
          (c) => !HIDDEN_FROM_ADDRESS_LIST.includes(c.key as PermissionKey),
        ),
  }));
}
