/** The signed-in user's own account: who they are (the console's notion of "signed in"), profile, password. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountInfo, PasswordChangeRequest, ProfileRequest } from '@edge/protocol';
import { api } from '../../api/client.ts';
import { isApiError } from '../../api/ApiError.ts';
import { setCsrfToken } from '../../api/csrf.ts';
import { mayBeSignedIn, rememberSignedIn } from './sessionHint.ts';

export const accountInfoKey = ['account', 'info'] as const;

/**
 * null means "not signed in": a 401 here is an answer, not an error to toast. A browser that holds no
 * session (sessionHint.ts) is not asked at all, unless it has just signed in.
 */
export async function fetchAccountInfo({ justSignedIn = false } = {}): Promise<AccountInfo | null> {
  if (!justSignedIn && !mayBeSignedIn()) return null;
  try {
    const info = await api.get<AccountInfo>('/api/v1/settings/account/getAccountInfo');
    setCsrfToken(info.csrfToken);
    rememberSignedIn(true);
    return info;
  } catch (e) {
    if (isApiError(e) && e.status === 401) {
      setCsrfToken(null);
      rememberSignedIn(false);
      return null;
    }
    throw e;
  }
}

export const useAccountInfo = () =>
  useQuery({ queryKey: accountInfoKey, queryFn: () => fetchAccountInfo(), staleTime: 5 * 60_000 });

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileRequest) =>
      api.patch<{ message: string }>('/api/v1/settings/account/profile', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountInfoKey }),
  });
}

export const useChangePassword = () =>
  useMutation({
    mutationFn: (body: PasswordChangeRequest) =>
      api.patch<{ message: string }>('/api/v1/settings/account/password', body),
  });
