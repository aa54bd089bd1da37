/**
 * The Security app: the access control list and the admin ACL (one shape, two paths), the user's API access
 * tokens, and the overview of which protections are on.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AclEntryRequest,
  AclList,
  AclListResponse,
  NewTokenRequest,
  NewTokenResponse,
  SecurityStatus,
  TokenView,
} from '@edge/protocol';
import { api } from '../../api/client.ts';

export const ACL_PATHS: Record<AclList, string> = {
  accessControl: '/api/v1/security/acl',
  adminAcl: '/api/v1/security/adminAcl',
};
const TOKENS = '/api/v1/security/accessToken';
export const securityStatusKey = ['security', 'status'] as const;
export const aclKey = (list: AclList) => ['security', 'acl', list] as const;
const tokensKey = ['security', 'tokens'] as const;

export const useSecurityStatus = () =>
  useQuery({
    queryKey: securityStatusKey,
    queryFn: () => api.get<SecurityStatus>('/api/v1/security/status'),
    staleTime: 0,
  });

export const useAcl = (list: AclList) =>
  useQuery({
    queryKey: aclKey(list),
    queryFn: () => api.get<AclListResponse>(ACL_PATHS[list]),
    staleTime: 0,
  });

/**
 * ACL changes. A change that would shut out the caller's own address answers 409 (aclLockout) unless sent
 * with confirm: true; the page asks the user and sends it again, so these calls report their own errors.
 */
export function aclCalls(list: AclList) {
  const path = ACL_PATHS[list];
  return {
    add: (entry: AclEntryRequest) => api.post<AclListResponse>(path, entry),
    edit: (entry: AclEntryRequest & { id: number }, confirm: boolean) =>
      api.patch<AclListResponse>(path, { ...entry, confirm }),
    remove: (id: number, confirm: boolean) => api.delete<AclListResponse>(path, { id, confirm }),
    setEnabled: (enabled: boolean, confirm: boolean) =>
      api.patch<AclListResponse>(`${path}/enable`, { enabled, confirm }),
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

export const useTokens = () =>
  useQuery({
    queryKey: tokensKey,
    queryFn: () => api.get<{ list: TokenView[] }>(TOKENS).then((r) => r.list),
  });

export function useCreateToken() {
  const refresh = useSecurityRefresh();
  return useMutation({
    mutationFn: (body: NewTokenRequest) => api.post<NewTokenResponse>(TOKENS, body),
    onSuccess: () => refresh.tokens(),
  });
}

export function useRevokeToken() {
  const refresh = useSecurityRefresh();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(TOKENS, { id }),
    onSuccess: () => refresh.tokens(),
  });
}
