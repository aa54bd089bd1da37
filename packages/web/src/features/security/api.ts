/**
 * The Security app: the access control list and the admin ACL (one shape, an endpoint set each), the
 * user's API access tokens, and the overview of which protections are on.
 */
import { useQueryClient } from '@tanstack/react-query';
import {
  aclListEndpoints,
  endpoints,
  type AclEntryRequest,
  type AclList,
  type AclListResponse,
} from '@edge/protocol';
import { call } from '../../api/call.ts';
import { queryKeys, useEndpointMutation, useEndpointQuery } from '../../api/hooks.ts';

const { security, tokens } = endpoints;
const securityStatusKey = queryKeys.of(security.status);
const aclKey = (list: AclList) => queryKeys.of(aclListEndpoints[list].view);
const tokensKey = queryKeys.feature('tokens');

export const useSecurityStatus = () => useEndpointQuery(security.status, undefined, { staleTime: 0 });

export const useAcl = (list: AclList) =>
  useEndpointQuery(aclListEndpoints[list].view, undefined, { staleTime: 0 });

/**
 * ACL changes. A change that would shut out the caller's own address answers 409 (aclLockout) unless sent
 * with confirm: true; the page asks the user and sends it again, so these calls report their own errors.
 */
export function aclCalls(list: AclList) {
  const declared = aclListEndpoints[list];
  return {
    add: (entry: AclEntryRequest) => call(declared.add, entry),
    edit: (entry: AclEntryRequest & { id: number }, confirm: boolean) =>
      call(declared.edit, { ...entry, confirm }),
    remove: (id: number, confirm: boolean) => call(declared.remove, { id, confirm }),
    setEnabled: (enabled: boolean, confirm: boolean) => call(declared.enable, { enabled, confirm }),
  };
}

/** After an ACL or token change: the list answers with its new state, and the overview is read again. */
export function useSecurityRefresh() {
  const queryClient = useQueryClient();
  return {
    acl: (list: AclList, state: AclListResponse) => {
      queryClient.setQueryData(aclKey(list), state);
      void queryClient.invalidateQueries({ queryKey: securityStatusKey });
    },
    tokens: () => {
      void queryClient.invalidateQueries({ queryKey: tokensKey });
      void queryClient.invalidateQueries({ queryKey: securityStatusKey });
    },
  };
}

export const useTokens = () => useEndpointQuery(tokens.list, undefined, { select: (r) => r.list });

export function useCreateToken() {
  const refresh = useSecurityRefresh();
  return useEndpointMutation(tokens.create, { onSuccess: () => refresh.tokens() });
}

export function useRevokeToken() {
  const refresh = useSecurityRefresh();
  return useEndpointMutation(tokens.revoke, {
    toInput: (id: number) => ({ id }),
    onSuccess: () => refresh.tokens(),
  });
}
