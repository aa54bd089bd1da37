/**
 * Roles, shown as Permission: a name and the permission tree. Role 1, Administrator, is built in: it
 * always holds every permission, so it cannot be renamed, edited or deleted. A role still given to users
 * cannot be deleted. Sessions and tokens read the role on every request, so a change applies at once.
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
} from '@edge/protocol';
import type { Db } from '../db/schema.ts';
import { unlessDuplicate } from '../db/errors.ts';
import { fail } from '../http/errors.ts';
import { roleStore } from './store.ts';

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
    if (!(await store.findById(id))) throw fail(404, 'notFound');
  };

  return {
    list: async (): Promise<RoleView[]> => (await store.listWithUserCounts()).map(present),
    /** Id and name of every role, for choosing one in the user form. */
    options: () => store.names(),
    exists: async (id: number) => (await store.findById(id)) !== undefined,

    async create(request: NewRoleRequest): Promise<RoleView> {
      const permissions = JSON.stringify(permissionSetOf(request.permissions));
      const { id } = await unlessDuplicate(
        store.insert(request.name.trim(), permissions, now()),
        'roleNameTaken',
      );
      return view(id);
    },

    async edit(request: EditRoleRequest): Promise<RoleView> {
      await editable(request.id);
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

    async remove(id: number): Promise<void> {
      await editable(id);
      if ((await store.countUsers(id)) > 0) throw fail(409, 'roleInUse');
      await store.remove(id);
    },
  };
}
export type RoleService = ReturnType<typeof roleService>;
