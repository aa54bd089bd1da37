/** Settings > Branding: the stored branding (an empty name means the default) and its images. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Branding, BrandingImage, BrandingRequest } from '@edge/protocol';
import { api } from '../../../api/client.ts';
import { publicBrandingKey } from '../../branding/api.ts';

const PATH = '/api/v1/settings/branding';
const key = ['settings', 'branding'] as const;

export const useBrandingSettings = () => useQuery({ queryKey: key, queryFn: () => api.get<Branding>(PATH) });

/** Every change is applied live: the public branding (title, favicon, login screen) is fetched again. */
function useBrandingMutation<T>(send: (arg: T) => Promise<Branding>, silent = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    meta: { silentError: silent },
    onSuccess: async (saved) => {
      queryClient.setQueryData(key, saved);
      await queryClient.invalidateQueries({ queryKey: publicBrandingKey });
    },
  });
}

export const useSaveBranding = () =>
  useBrandingMutation((body: BrandingRequest) => api.patch<Branding>(PATH, body));

/** PATCH uploads show no toast of their own (SPEC 8); the page reports the server's err_message. */
export const useUploadBrandingImage = () =>
  useBrandingMutation(({ image, file }: { image: BrandingImage; file: File }) => {
    const form = new FormData();
    form.append('file', file);
    return api.upload.patch<Branding>(`${PATH}/${image}`, form);
  }, true);

export const useRemoveBrandingImage = () =>
  useBrandingMutation((image: BrandingImage) => api.delete<Branding>(`${PATH}/${image}`));
