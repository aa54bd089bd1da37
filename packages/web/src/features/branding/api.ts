/**
 * Platform branding as everyone sees it (GET /api/v1/branding, public, so the login screen has it too):
 * the platform name, company link, logo and favicon.
 */
import { useTranslation } from 'react-i18next';
import { DEFAULT_PLATFORM_NAME, endpoints } from '@edge/protocol';
import { queryKeys, useEndpointQuery } from '../../api/hooks.ts';

export const publicBrandingKey = queryKeys.of(endpoints.branding.shown);

export const usePublicBranding = () =>
  useEndpointQuery(endpoints.branding.shown, undefined, {
    staleTime: 5 * 60_000,
    // Without it the console still works under its own name; no toast on the login screen for that.
    meta: { silentError: true },
  });

/** The name to show: the one set in Settings > Branding, else the product's name in the user's language. */
export function usePlatformName(): string {
  const { t } = useTranslation();
  const name = usePublicBranding().data?.platformName;
  return name && name !== DEFAULT_PLATFORM_NAME ? name : t('app.platformName');
}
