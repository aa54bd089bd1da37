/** Diagnose calls (packages/protocol/src/diagnose.ts) and the device search of its picker. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DIAGNOSE_API,
  type DiagnoseHistoryQuery,
  type DiagnoseHistoryResponse,
  type DiagnoseRunRequest,
  type InventoryListResponse,
  type JobDetail,
} from '@edge/protocol';
import { api } from '../../api/client.ts';

export const diagnoseKeys = {
  history: ['diagnose', 'history'] as const,
  historyOf: (query: DiagnoseHistoryQuery) => ['diagnose', 'history', query] as const,
  devices: (search: string) => ['diagnose', 'devices', search] as const,
};

export function useRunDiagnose() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DiagnoseRunRequest) => api.post<JobDetail>(`${DIAGNOSE_API}/run`, body),
    onSuccess: () => void client.invalidateQueries({ queryKey: diagnoseKeys.history }),
  });
}

export const useDiagnoseHistory = (query: DiagnoseHistoryQuery | null) =>
  useQuery({
    queryKey: diagnoseKeys.historyOf(query ?? { deviceId: '', limit: 0, offset: 0 }),
    queryFn: () => api.get<DiagnoseHistoryResponse>(`${DIAGNOSE_API}/history`, { query: { ...query } }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });

/** Devices whose name, serial or address matches, for the picker (the first page of the inventory list). */
export const useDeviceSearch = (search: string) =>
  useQuery({
    queryKey: diagnoseKeys.devices(search),
    queryFn: () =>
      api.get<InventoryListResponse>('/api/v1/inventory/list', {
        query: { page: 1, pageSize: 40, search: search || undefined, sortBy: 'name', order: 'asc' },
      }),
    placeholderData: keepPreviousData,
    // Without Inventory the picker is empty; the Run button's answer says why, not a toast on opening.
    meta: { silentError: true },
    retry: false,
  });
