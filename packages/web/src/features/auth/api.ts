/** Sign-in and sign-out. A new sign-in drops every cached answer of the previous user but keeps the new user's info. */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { LoginRequest, LoginResponse } from '@edge/protocol';
import { api } from '../../api/client.ts';
import { setCsrfToken } from '../../api/csrf.ts';
import { accountInfoKey, fetchAccountInfo } from '../account/api.ts';

function forgetPreviousUser(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (q) => q.queryHash !== JSON.stringify(accountInfoKey) });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: LoginRequest): Promise<LoginResponse> => {
      const answer = await api.post<LoginResponse>('/api/v1/auth/login', body);
      setCsrfToken(answer.csrfToken);
      forgetPreviousUser(queryClient);
      queryClient.setQueryData(accountInfoKey, await fetchAccountInfo());
      return answer;
    },
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ message: string }>('/api/v1/auth/logout'),
    // Signed out locally even when the server could not be told: the session ends at its idle timeout anyway.
    onSettled: () => {
      setCsrfToken(null);
      forgetPreviousUser(queryClient);
      queryClient.setQueryData(accountInfoKey, null);
    },
  });
}
