/** The signed-in user's own account: who they are (the console's notion of "signed in"), profile, password. */
import { useQuery } from '@tanstack/react-query';
import { endpoints, type AccountInfo } from '@edge/protocol';
import { call } from '../../api/call.ts';
import { queryKeys, useEndpointMutation } from '../../api/hooks.ts';
import { isApiError } from '../../api/ApiError.ts';
import { setCsrfToken } from '../../api/csrf.ts';
import { mayBeSignedIn, rememberSignedIn } from './sessionHint.ts';

const { account } = endpoints;
export const accountInfoKey = queryKeys.of(account.info);

/**
 * null means "not signed in": a 401 here is an answer, not an error to toast. A browser that holds no
 * session (sessionHint.ts) is not asked at all, unless it has just signed in.
 */
export async function fetchAccountInfo({ justSignedIn = false } = {}): Promise<AccountInfo | null> {
  if (!justSignedIn && !mayBeSignedIn()) return null;
  try {
    const info = await call(account.info);
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

export const useUpdateProfile = () => useEndpointMutation(account.profile, { invalidates: [accountInfoKey] });

export const useChangePassword = () => useEndpointMutation(account.password);
