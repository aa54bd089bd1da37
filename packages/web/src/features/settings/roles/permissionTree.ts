/**
 * Editing a permission tree (SPEC 6): apps with child pages, each with control.enable and isManagement.
 * The edits keep the tree meaningful: managing needs access; a page needs its app; an app switched off or
 * on takes its pages with it.
 */
import {
  PERMISSION_TREE,
  permissionTree,
  type NewRoleRequest,
  type PermissionKey,
  type PermissionNode,
} from '@edge/protocol';

export type GrantField = 'enable' | 'isManagement';

/** Every app and page of the protocol's tree, all off. */
export const emptyPermissionTree = (): PermissionNode[] => permissionTree({});

/** The given tree laid over the full one, so an older or partial tree still shows every app and page. */
export function completeTree(tree: readonly PermissionNode[]): PermissionNode[] {
  const known = new Map<PermissionKey, PermissionNode>();
  for (const app of tree) {
    known.set(app.key, app);
    for (const child of app.children) known.set(child.key, child);
  }
  const grant = (key: PermissionKey) => {
    const node = known.get(key);
    return { control: { enable: node?.control.enable ?? false }, isManagement: node?.isManagement ?? false };
  };
  return PERMISSION_TREE.map((app) => ({
    key: app.key,
    ...grant(app.key),
    children: app.children.map((child) => ({ key: child, ...grant(child), children: [] })),
  }));
}

const withGrant = (node: PermissionNode, enable: boolean, isManagement: boolean): PermissionNode => ({
  ...node,
  control: { enable },
  isManagement: enable && isManagement,
});

/** Sets one checkbox of one node and what follows from it. */
export function setGrant(
  tree: readonly PermissionNode[],
  key: PermissionKey,
  field: GrantField,
  value: boolean,
): PermissionNode[] {
  return tree.map((app) => {
    if (app.key === key) {
      // The app's own box: its pages follow it.
      const enable = field === 'enable' ? value : value || app.control.enable;
      const manage = field === 'isManagement' ? value : value && app.isManagement;
      const children = app.children.map((c) =>
        field === 'enable'
          ? withGrant(c, value, value && c.isManagement)
          : withGrant(c, value || c.control.enable, value),
      );
      return { ...withGrant(app, enable, manage), children };
    }
    if (!app.children.some((c) => c.key === key)) return app;
    const children = app.children.map((c) => {
      if (c.key !== key) return c;
      return field === 'enable'
        ? withGrant(c, value, c.isManagement)
        : withGrant(c, value || c.control.enable, value);
    });
    // A page switched on needs its app; managing a page means the app is open to the user too.
    const parentOn = app.control.enable || value;
    return { ...withGrant(app, parentOn, app.isManagement), children };
  });
}

/** How many nodes of the tree are on: shown beside each app as "enabled pages / pages". */
export const enabledCount = (nodes: readonly PermissionNode[]): number =>
  nodes.filter((n) => n.control.enable).length;

/** The tree as a role request carries it: apps with their pages, and pages with no children of their own. */
export const requestTree = (tree: readonly PermissionNode[]): NewRoleRequest['permissions'] =>
  tree.map((app) => ({
    key: app.key,
    control: { enable: app.control.enable },
    isManagement: app.isManagement,
    children: app.children.map((c) => ({
      key: c.key,
      control: { enable: c.control.enable },
      isManagement: c.isManagement,
      children: [],
    })),
  }));
