/** Sign-in and sign-out. A new sign-in drops every cached answer of the previous user but keeps the new user's info. */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { endpoints, type AccountInfo, type LoginRequest } from '@edge/protocol';
import { call } from '../../api/call.ts';
import { setCsrfToken } from '../../api/csrf.ts';
import { toast } from '../../components/notifications/toast.ts';
import { accountInfoKey, fetchAccountInfo } from '../account/api.ts';
import { rememberSignedIn } from '../account/sessionHint.ts';
import { signInWithKey } from '../webauthn/api.ts';

function forgetPreviousUser(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (q) => q.queryHash !== JSON.stringify(accountInfoKey) });
}

/** After any sign-in: the success toast, and the new user's info replacing every cached answer of the previous one. */
function useSignedIn() {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  return (info: AccountInfo | null) => {
    toast.success(t('messages.loginSuccess'));
    forgetPreviousUser(queryClient);
    queryClient.setQueryData(accountInfoKey, info);
  };
}

/**
 * The success toast and the cache update live here, not in the form: storing the user swaps the login
 * screen for the desktop, which unmounts the form before any callback of its own could run.
 */
export function useLogin() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: async (body: LoginRequest): Promise<AccountInfo | null> => {
      const answer = await call(endpoints.auth.login, body);
      setCsrfToken(answer.csrfToken);
      return fetchAccountInfo({ justSignedIn: true });
    },
    onSuccess: signedIn,
  });
}

/** Passwordless sign-in with a security key; with a user name only that user's keys are asked for. */
export function useSecurityKeyLogin() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: async (name?: string): Promise<AccountInfo | null> => {
      const answer = await signInWithKey(name);
      setCsrfToken(answer.csrfToken);
      return fetchAccountInfo({ justSignedIn: true });
    },
    onSuccess: signedIn,
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(endpoints.auth.logout),
    // Signed out locally even when the server could not be told: the session ends at its idle timeout anyway.
    onSettled: () => {
      setCsrfToken(null);
      rememberSignedIn(false);
      forgetPreviousUser(queryClient);
      queryClient.setQueryData(accountInfoKey, null);
    },
  });
}
