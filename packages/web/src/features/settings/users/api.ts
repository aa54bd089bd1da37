/** Account management (Settings > Account): the user list and what administrators do to accounts. */
import { endpoints } from '@edge/protocol';
import { call, urlOf } from '../../../api/call.ts';
import { queryKeys, useEndpointMutation, useEndpointQuery } from '../../../api/hooks.ts';
import { accountInfoKey } from '../../account/api.ts';

const { users } = endpoints;
export const usersKey = queryKeys.feature('users');

export const userIconUrl = (id: number, version: string | number = '') =>
  urlOf(users.icon, { id, ...(version === '' ? {} : { v: version }) } as { id: number });

export const useUsers = () => useEndpointQuery(users.list);

/** Every change to an account refreshes the list and the signed-in user's own view (members, own name). */
const invalidates = [usersKey, accountInfoKey];
const byId = (id: number) => ({ id });

export const useCreateUser = () => useEndpointMutation(users.create, { invalidates });
export const useEditUser = () => useEndpointMutation(users.edit, { invalidates });
export const useSuspendUser = () => useEndpointMutation(users.suspend, { invalidates, toInput: byId });
export const useReactivateUser = () => useEndpointMutation(users.reactivate, { invalidates, toInput: byId });
export const useDeleteUser = () => useEndpointMutation(users.remove, { invalidates, toInput: byId });

const iconForm = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return form;
};

/** An administrator sets another user's icon. PATCH uploads show no toast of their own (SPEC 8): the caller reports. */
export const uploadUserIcon = (id: number, file: File) => call(users.setIcon, { id, form: iconForm(file) });

/** The signed-in user's own icon. */
export const uploadOwnIcon = (file: File) => call(users.setOwnIcon, { form: iconForm(file) });
export const removeOwnIcon = () => call(users.removeOwnIcon);
