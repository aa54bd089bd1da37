/** The Auth Connect app's calls (protocol endpoints/authConnect.ts). */
import { endpoints } from '@edge/protocol';
import { queryKeys, useEndpointMutation, useEndpointQuery } from '../../api/hooks.ts';

const { authConnect } = endpoints;
const changed = { invalidates: [queryKeys.feature('authConnect')] };

export const useAuthConnectAccounts = () =>
  useEndpointQuery(authConnect.list, undefined, { select: (r) => r.list });
export const useCreateAccount = () => useEndpointMutation(authConnect.create, changed);
export const useEditAccount = () => useEndpointMutation(authConnect.edit, changed);
export const useDeleteAccount = () =>
  useEndpointMutation(authConnect.remove, { ...changed, toInput: (id: number) => ({ id }) });
