/**
 * Startup variables of SPEC 1/4. Captcha and analytics are on only when their key is non-empty.
 * Nothing external is ever loaded: the console's CSP allows scripts from its own origin only, and there is no
 * reachable third party to check a connection against, so "on" is recorded as state and nothing more.
 */
import { useQuery } from '@tanstack/react-query';
import type { Variables } from '@edge/protocol';
import { api } from '../../api/client.ts';

export interface Integrations {
  captcha: boolean;
  analytics: boolean;
}

export const integrationsOf = (v: Variables | undefined): Integrations => ({
  captcha: Boolean(v?.CaptchaKey.trim()),
  analytics: Boolean(v?.GAKey.trim()),
});

export function useIntegrations(): Integrations {
  const { data } = useQuery({
    queryKey: ['variable'],
    queryFn: () => api.get<Variables>('/api/v1/variable/'),
    staleTime: Infinity,
    meta: { silentError: true },
  });
  return integrationsOf(data);
}
