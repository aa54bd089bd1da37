/**
 * The TanStack Query client. Its default error handling is SPEC 8: a failed call shows an error toast in the
 * user's language (reads fall back to 'API request Error', changes to 'Apply Error'). A 401 "please sign in"
 * means the session ended, so the cached user is dropped and the login screen appears.
 */
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/ApiError.ts';
import { errorText, type ErrorFallback } from '../api/errorText.ts';
import { i18n } from '../i18n/index.ts';
import { toast } from '../components/notifications/toast.ts';
import { accountInfoKey } from '../features/account/api.ts';

interface ErrorMeta extends Record<string, unknown> {
  /** The caller shows the failure itself. */
  silentError?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: ErrorMeta;
    mutationMeta: ErrorMeta;
  }
}

const isClientError = (e: unknown) => isApiError(e) && e.status >= 400 && e.status < 500;

export function createQueryClient(): QueryClient {
  const report = (error: unknown, fallback: ErrorFallback, meta: ErrorMeta | undefined) => {
    if (isApiError(error) && error.status === 401 && error.errCode === 'notSignedIn') {
      client.setQueryData(accountInfoKey, null);
    }
    if (meta?.silentError || (isApiError(error) && error.silent)) return;
    toast.error(errorText(i18n.t, error, fallback));
  };

  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => report(error, 'apiRequestError', query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => report(error, 'applyError', mutation.meta),
    }),
    defaultOptions: {
      queries: {
        retry: (failures, error) => !isClientError(error) && failures < 2,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
  return client;
}
