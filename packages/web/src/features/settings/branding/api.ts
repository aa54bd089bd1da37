/** Settings > Branding: the stored branding (an empty name means the default) and its images. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  brandingImageEndpoints,
  endpoints,
  type Branding,
  type BrandingImage,
  type BrandingRequest,
} from '@edge/protocol';
import { call } from '../../../api/call.ts';
import { queryKeys, useEndpointQuery } from '../../../api/hooks.ts';
import { publicBrandingKey } from '../../branding/api.ts';

const { branding } = endpoints;

export const useBrandingSettings = () => useEndpointQuery(branding.stored);

/**
 * Every change is applied live: the public branding (title, favicon, login screen) is fetched again. The
 * two images have an endpoint each, so the call is chosen per change.
 */
function useBrandingMutation<T>(send: (arg: T) => Promise<Branding>, silent = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    meta: { silentError: silent },
    onSuccess: async (saved) => {
      queryClient.setQueryData(queryKeys.of(branding.stored), saved);
      await queryClient.invalidateQueries({ queryKey: publicBrandingKey });
    },
  });
}

export const useSaveBranding = () =>
  useBrandingMutation((body: BrandingRequest) => call(branding.save, body));

/** PATCH uploads show no toast of their own (SPEC 8); the page reports the server's err_message. */
export const useUploadBrandingImage = () =>
  useBrandingMutation(({ image, file }: { image: BrandingImage; file: File }) => {
    const form = new FormData();
    form.append('file', file);
    return call(brandingImageEndpoints[image].set, { form });
  }, true);

export const useRemoveBrandingImage = () =>
  useBrandingMutation((image: BrandingImage) => call(brandingImageEndpoints[image].remove));
