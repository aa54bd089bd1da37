/** Settings > Permission: roles (shown as Permission) and their permission trees. */
import { endpoints } from '@edge/protocol';
import { queryKeys, useEndpointMutation, useEndpointQuery } from '../../../api/hooks.ts';
import { accountInfoKey } from '../../account/api.ts';
import { usersKey } from '../users/api.ts';

const { roles } = endpoints;
export const rolesKey = queryKeys.feature('roles');

export const useRoles = () => useEndpointQuery(roles.list, undefined, { select: (r) => r.list });

/** A role change applies at once on the server; the user list (role names) and one's own tree follow. */
const invalidates = [rolesKey, usersKey, accountInfoKey];

export const useCreateRole = () => useEndpointMutation(roles.create, { invalidates });
export const useEditRole = () => useEndpointMutation(roles.edit, { invalidates });
export const useDeleteRole = () =>
  useEndpointMutation(roles.remove, { invalidates, toInput: (id: number) => ({ id }) });
