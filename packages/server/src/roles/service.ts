/**
 * Roles, shown as Permission: a name and the permission tree. Role 1, Administrator, is built in: it
 * always holds every permission, so it cannot be renamed, edited or deleted. A role still given to users
 * cannot be deleted. Sessions and tokens read the role on every request, so a change applies at once.
 * Whoever writes a role may put in it only rights they hold, and may not edit a role holding more (nor
 * their own), or trusting someone with roles would let them widen their own.
 */
import {
  ADMINISTRATOR_ROLE_ID,
  effectivePermissions,
  permissionSetOf,
  permissionTree,
  type EditRoleRequest,
  type NewRoleRequest,
  type PermissionSet,
  type RoleView,
  withinPermissions,
  fullPermissionSet,
} from '@edge/protocol';
import type { Db } from '../db/schema.ts';
import { unlessDuplicate } from '../db/errors.ts';
import { fail } from '../http/errors.ts';
import { roleStore } from './store.ts';

/** Who writes a role: their role and the rights it gives them. */
export interface RoleActor {
  roleId: number;
  permissions: PermissionSet;
}

export function roleService(db: Db, now: () => number = Date.now) {
  const store = roleStore(db);
  const present = (row: {
    id: number;
    name: string;
    permissions: string;
    user_count: number | string | bigint;
  }): RoleView => ({
    id: row.id,
    name: row.name,
    builtin: row.id === ADMINISTRATOR_ROLE_ID,
    userCount: Number(row.user_count),
    permissions: permissionTree(
      effectivePermissions(JSON.parse(row.permissions) as PermissionSet, row.id, 'Admin'),
    ),
  });
  const view = async (id: number) => {
    const row = (await store.listWithUserCounts()).find((r) => r.id === id);
    if (!row) throw fail(404, 'notFound');
    return present(row);
  };
  const editable = async (id: number) => {
    if (id === ADMINISTRATOR_ROLE_ID) throw fail(409, 'builtinRole');
    const row = await store.findById(id);
    if (!row) throw fail(404, 'notFound');
    return row;
  };
  /** The grants of a role as stored; the Administrator role holds everything whatever is stored. */
  const grantsOf = (row: { id: number; permissions: string }): PermissionSet =>
    row.id === ADMINISTRATOR_ROLE_ID ? fullPermissionSet() : (JSON.parse(row.permissions) as PermissionSet);
  const mayGive = (actor: RoleActor, grants: PermissionSet) => {
    if (actor.roleId !== ADMINISTRATOR_ROLE_ID && !withinPermissions(grants, actor.permissions))
      throw fail(403, 'roleNotGrantable');
  };

  return {
    list: async (): Promise<RoleView[]> => (await store.listWithUserCounts()).map(present),
    /** Id and name of every role, for choosing one in the user form. */
    options: () => store.names(),
    exists: async (id: number) => (await store.findById(id)) !== undefined,
    /** Refuses when the role gives more than the actor holds (unknown roles are left to the caller). */
    async mayAssign(actor: RoleActor, roleId: number): Promise<void> {
      const row = await store.findById(roleId);
      if (row) mayGive(actor, grantsOf(row));
    },

    async create(actor: RoleActor, request: NewRoleRequest): Promise<RoleView> {
      const grants = permissionSetOf(request.permissions);
      mayGive(actor, grants);
      const permissions = JSON.stringify(grants);
      const { id } = await unlessDuplicate(
        store.insert(request.name.trim(), permissions, now()),
        'roleNameTaken',
      );
      return view(id);
    },

    async edit(actor: RoleActor, request: EditRoleRequest): Promise<RoleView> {
      const row = await editable(request.id);
      if (request.permissions !== undefined || request.id === actor.roleId) {
        if (request.id === actor.roleId && actor.roleId !== ADMINISTRATOR_ROLE_ID)
          throw fail(403, 'ownRoleLocked');
        mayGive(actor, grantsOf(row));
        if (request.permissions !== undefined) mayGive(actor, permissionSetOf(request.permissions));
      }
      const changes = {
        ...(request.name !== undefined && { name: request.name.trim() }),
        ...(request.permissions !== undefined && {
          permissions: JSON.stringify(permissionSetOf(request.permissions)),
        }),
      };
      if (Object.keys(changes).length > 0)
        await unlessDuplicate(store.update(request.id, changes), 'roleNameTaken');
      return view(request.id);
    },

    async remove(actor: RoleActor, id: number): Promise<void> {
      mayGive(actor, grantsOf(await editable(id)));
      if ((await store.countUsers(id)) > 0) throw fail(409, 'roleInUse');
      await store.remove(id);
    },
  };
}
export type RoleService = ReturnType<typeof roleService>;
