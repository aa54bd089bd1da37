/**
 * Account management: administrators create, edit, suspend, re-activate and delete users. Three rules
 * hold throughout: the user making the request cannot delete or suspend themselves ('This user is
 * currently used.'); the last active administrator cannot be removed, suspended or demoted; and only an
 * administrator may give the Administrator role or touch an administrator's account, and anyone else may
 * give only roles within their own rights, touch only accounts whose role is, and never change their own
 * role, so a user trusted with accounts cannot promote themselves or anyone else.
 * A suspended user's sessions end at once and their tokens are refused (both check the status on
 * every request); deleting a user removes their sessions, tokens, security keys and icon with them.
 */
import {
  ACCOUNT_STATUS,
  ADMINISTRATOR_ROLE_ID,
  ICON_UPLOAD,
  type AccountInfo,
  type AccountType,
  type EditUserRequest,
  type NewUserRequest,
  type PermissionSet,
  type UserListResponse,
  type UserView,
} from '@edge/protocol';
import type { Db } from '../db/schema.ts';
import { touchedRow, unlessDuplicate } from '../db/errors.ts';
import { fail } from '../http/errors.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { Sessions } from '../auth/sessions.ts';
import type { RoleService } from '../roles/service.ts';
import type { ImagePolicy, ImageService } from '../uploads/service.ts';
import { userStore, type UserRow } from './store.ts';

export const iconKey = (userId: number) => `user-icon:${userId}`;
const ICON_POLICY: ImagePolicy = {
  maxBytes: ICON_UPLOAD.maxBytes,
  types: ICON_UPLOAD.types,
  wrongType: 'iconType',
};

/**
 * Who asks: their own account is protected from them, their own session survives a password reset, and
 * their rights bound the roles they may give and the accounts they may change.
 */
export interface Actor {
  userId: number;
  roleId: number;
  permissions: PermissionSet;
  sessionIdHash?: string;
}

interface Standing {
  role_id: number;
  type: string;
  status: number;
}
const isAdministrator = (u: Standing) =>
  u.role_id === ADMINISTRATOR_ROLE_ID && u.type === 'Admin' && u.status === ACCOUNT_STATUS.active;

export function userService(
  db: Db,
  deps: { roles: RoleService; images: ImageService; sessions: Sessions },
  now: () => number = Date.now,
) {
  const store = userStore(db);

  const present = (row: UserRow, number: number, hasIcon: boolean): UserView => ({
    number,
    id: row.id,
    name: row.name,
    email: row.email,
    companyName: row.company_name,
    type: row.type as AccountType,
    roleId: row.role_id,
    roleName: row.role_name,
    status: row.status,
    hasIcon,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
  });

  async function list(): Promise<UserView[]> {
    const rows = await store.list();
    const icons = await deps.images.versions(rows.map((r) => iconKey(r.id)));
    return rows.map((row, i) => present(row, i + 1, icons.has(iconKey(row.id))));
  }
  const viewOf = async (id: number) => (await list()).find((u) => u.id === id)!;

  async function existing(id: number): Promise<UserRow> {
    const row = await store.findById(id);
    if (!row) throw fail(404, 'notFound');
    return row;
  }
  async function roleMustExist(roleId: number) {
    if (!(await deps.roles.exists(roleId))) throw fail(400, 'permissionTypeRequired');
  }
  async function keepAnAdministrator(before: Standing, after: Standing) {
    if (
      isAdministrator(before) &&
      !isAdministrator(after) &&
      (await store.countActiveAdministrators()) <= 1
    ) {
      throw fail(409, 'lastAdministrator');
    }
  }
  function notSelf(actor: Actor, id: number) {
    if (actor.userId === id) throw fail(409, 'userCurrentlyUsed');
  }
  /** Giving a role, or changing the account of someone holding it, needs every right the role gives. */
  async function mayTouch(actor: Actor, ...roleIds: number[]) {
    if (actor.roleId === ADMINISTRATOR_ROLE_ID) return;
    if (roleIds.includes(ADMINISTRATOR_ROLE_ID)) throw fail(403, 'administratorOnly');
    for (const roleId of roleIds) await deps.roles.mayAssign(actor, roleId);
  }
  /** An administrator may step down (the last one is kept by keepAnAdministrator); no one else moves themselves. */
  function notOwnRole(actor: Actor, id: number, before: UserRow, roleId: number) {
    if (actor.userId === id && roleId !== before.role_id && actor.roleId !== ADMINISTRATOR_ROLE_ID) {
      if (roleId === ADMINISTRATOR_ROLE_ID) throw fail(403, 'administratorOnly');
      throw fail(403, 'ownRoleLocked');
    }
  }

  return {
    async list(): Promise<UserListResponse> {
      const users = await list();
      return { list: users, totalNumber: users.length, roles: await deps.roles.options() };
    },

    /** getAccountInfo's members: everyone, with the name of their permission. */
    async members(): Promise<AccountInfo['members']> {
      return (await store.list()).map((r) => ({
        id: r.id,
        name: r.name,
        companyName: r.company_name,
        email: r.email,
        permissions: r.role_name,
        status: r.status,
      }));
    },

    async create(actor: Actor, request: NewUserRequest): Promise<UserView> {
      await mayTouch(actor, request.roleId);
      await roleMustExist(request.roleId);
      const row = {
        name: request.name,
        email: request.email,
        password_hash: await hashPassword(request.password),
        role_id: request.roleId,
        type: request.type,
        status: request.status,
        company_name: request.companyName,
        now: now(),
      };
      const { id } = await unlessDuplicate(store.insert(row), 'userNameTaken');
      return viewOf(id);
    },

    async edit(actor: Actor, request: EditUserRequest): Promise<UserView> {
      const before = await existing(request.id);
      notOwnRole(actor, request.id, before, request.roleId);
      await mayTouch(actor, before.role_id, request.roleId);
      await roleMustExist(request.roleId);
      await keepAnAdministrator(before, {
        role_id: request.roleId,
        type: request.type,
        status: before.status,
      });
      const password_hash = request.password ? await hashPassword(request.password) : undefined;
      const changes = {
        email: request.email,
        company_name: request.companyName,
        role_id: request.roleId,
        type: request.type,
        ...(password_hash && { password_hash }),
      };
      await store.update(request.id, changes, now());
      // Whoever held the old password must sign in again.
      if (password_hash)
        await deps.sessions.endAllOf(
          request.id,
          actor.userId === request.id ? actor.sessionIdHash : undefined,
        );
      return viewOf(request.id);
    },

    async suspend(actor: Actor, id: number): Promise<UserView> {
      notSelf(actor, id);
      const before = await existing(id);
      await mayTouch(actor, before.role_id);
      await keepAnAdministrator(before, { ...before, status: ACCOUNT_STATUS.suspended });
      await store.update(id, { status: ACCOUNT_STATUS.suspended }, now());
      await deps.sessions.endAllOf(id);
      return viewOf(id);
    },

    async reactivate(actor: Actor, id: number): Promise<UserView> {
      await mayTouch(actor, (await existing(id)).role_id);
      await store.update(id, { status: ACCOUNT_STATUS.active }, now());
      return viewOf(id);
    },

    async remove(actor: Actor, id: number): Promise<void> {
      notSelf(actor, id);
      const before = await existing(id);
      await mayTouch(actor, before.role_id);
      await keepAnAdministrator(before, { ...before, status: ACCOUNT_STATUS.suspended });
      await deps.images.remove(iconKey(id));
      // Sessions, tokens, security keys and pending challenges go with the row (ON DELETE CASCADE).
      touchedRow(await store.remove(id));
      // The rows are gone already; this ends what lives outside the database (open live sockets).
      await deps.sessions.endAllOf(id);
    },

    async setIcon(id: number, bytes: Buffer): Promise<void> {
      await existing(id);
      await deps.images.save(iconKey(id), bytes, ICON_POLICY);
    },
    removeIcon: (id: number) => deps.images.remove(iconKey(id)),
    icon: (id: number) => deps.images.find(iconKey(id)),
  };
}
export type UserService = ReturnType<typeof userService>;
