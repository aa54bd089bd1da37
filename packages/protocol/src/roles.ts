/**
 * Roles, shown as "Permission" (SPEC 2, 3, 6): named holders of the permission tree.
 * Role 1 is the built-in Administrator: it always holds the whole tree and cannot be edited or deleted.
 */
import { z } from 'zod';
import {
  PERMISSION_KEYS,
  fullPermissionSet,
  type PermissionKey,
  type PermissionNode,
  type PermissionSet,
} from './permissions.ts';
import type { AccountType } from './auth.ts';
import { requiredField, textRule } from './validation.ts';

export const ADMINISTRATOR_ROLE_ID = 1;
export const ADMINISTRATOR_ROLE_NAME = 'Administrator';
/** A Container account (SPEC 6) reaches the Application area only, whatever its role grants elsewhere. */
export const CONTAINER_ACCOUNT_KEYS: readonly PermissionKey[] = ['Application'];

export const ROLE_NAME_MAX = 32;
export const roleNameRule = textRule('roleNameEmpty', ROLE_NAME_MAX, 'roleNameLength');

const grantFields = {
  control: z.object({ enable: z.boolean() }),
  isManagement: z.boolean(),
};
const permissionKey = z.enum(PERMISSION_KEYS as [PermissionKey, ...PermissionKey[]]);
const childNode = z.object({ key: permissionKey, ...grantFields, children: z.array(z.never()).default([]) });
/** The tree as the console shows and edits it: apps with their child pages. Keys left out are off. */
export const permissionNode = z.object({
  key: permissionKey,
  ...grantFields,
  children: z.array(childNode).default([]),
});
const permissionTreeSchema = z.array(permissionNode);

export const newRoleRequest = z.object({
  name: requiredField(roleNameRule),
  permissions: permissionTreeSchema.default([]),
});
export type NewRoleRequest = z.infer<typeof newRoleRequest>;

/** Rename, replace the tree, or both. */
export const editRoleRequest = z.object({
  id: z.number().int().positive(),
  name: requiredField(roleNameRule).optional(),
  permissions: permissionTreeSchema.optional(),
});
export type EditRoleRequest = z.infer<typeof editRoleRequest>;

export const roleIdRequest = z.object({ id: z.number().int().positive() });

/** The tree as sent back: every app and child page, each with its grant. */
export const permissionNodeView: z.ZodType<PermissionNode> = z.object({
  key: permissionKey,
  ...grantFields,
  get children() {
    return z.array(permissionNodeView);
  },
});
export const roleView = z.object({
  id: z.number(),
  name: z.string(),
  builtin: z.boolean(),
  userCount: z.number(),
  permissions: z.array(permissionNodeView),
});
export type RoleView = z.infer<typeof roleView>;
export const roleListResponse = z.object({ list: z.array(roleView) });

/** Flattens an edited tree into what a role stores; management without access means nothing. */
export function permissionSetOf(tree: readonly PermissionNode[]): PermissionSet {
  const set: PermissionSet = {};
  for (const node of tree.flatMap((app) => [app, ...app.children])) {
    const enable = node.control.enable;
    set[node.key] = { control: { enable }, isManagement: enable && node.isManagement };
  }
  return set;
}

/** What a user may do: the Administrator role holds everything; a Container account keeps Application only. */
export function effectivePermissions(
  stored: PermissionSet,
  roleId: number,
  type: AccountType,
): PermissionSet {
  const granted = roleId === ADMINISTRATOR_ROLE_ID ? fullPermissionSet() : stored;
  if (type !== 'Container') return granted;
  return Object.fromEntries(
    CONTAINER_ACCOUNT_KEYS.filter((key) => granted[key]).map((key) => [key, granted[key]]),
  );
}
