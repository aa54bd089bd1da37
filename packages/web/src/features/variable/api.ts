/**
 * Startup variables of SPEC 1/4. Captcha and analytics are on only when their key is non-empty.
 * Nothing external is ever loaded: the console's CSP allows scripts from its own origin only, and there is no
 * reachable third party to check a connection against, so "on" is recorded as state and nothing more.
 */
import { endpoints, type Variables } from '@edge/protocol';
import { useEndpointQuery } from '../../api/hooks.ts';

export interface Integrations {
  captcha: boolean;
  analytics: boolean;
}

export const integrationsOf = (v: Variables | undefined): Integrations => ({
  captcha: Boolean(v?.CaptchaKey.trim()),
  analytics: Boolean(v?.GAKey.trim()),
});

export function useIntegrations(): Integrations {
  const { data } = useEndpointQuery(endpoints.variable.get, undefined, {
    staleTime: Infinity,
    meta: { silentError: true },
  });
  return integrationsOf(data);
}
