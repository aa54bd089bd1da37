/** Settings > Company: the company profile. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Company, CompanyRequest } from '@edge/protocol';
import { api } from '../../../api/client.ts';

const PATH = '/api/v1/settings/company';
const key = ['settings', 'company'] as const;

export const useCompany = () => useQuery({ queryKey: key, queryFn: () => api.get<Company>(PATH) });

export function useSaveCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CompanyRequest) => api.patch<Company>(PATH, body),
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });
}
