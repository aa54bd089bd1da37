/** Settings > SMTP: the outgoing mail server and a test send through it. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SmtpRequest, SmtpSettings } from '@edge/protocol';
import { api } from '../../../api/client.ts';

const PATH = '/api/v1/settings/smtp';
const key = ['settings', 'smtp'] as const;

export const useSmtp = () => useQuery({ queryKey: key, queryFn: () => api.get<SmtpSettings>(PATH) });

export function useSaveSmtp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SmtpRequest) => api.patch<SmtpSettings>(PATH, body),
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });
}

/** The result is shown on the page itself, so the generic error toast stays out of it. */
export const useTestSmtp = () =>
  useMutation({
    mutationFn: (receiverAddress?: string) =>
      api.post<{ message: string }>(`${PATH}/test`, receiverAddress ? { receiverAddress } : {}),
    meta: { silentError: true },
  });
