/** Diagnose calls (protocol endpoints/diagnose.ts) and the device search of its picker. */
import { keepPreviousData } from '@tanstack/react-query';
import { endpoints, type DiagnoseHistoryQuery } from '@edge/protocol';
import { queryKeys, useEndpointMutation, useEndpointQuery } from '../../api/hooks.ts';

const { diagnose, inventory } = endpoints;

export const diagnoseKeys = { history: queryKeys.endpoint(diagnose.history) };

export const useRunDiagnose = () =>
  useEndpointMutation(diagnose.run, { invalidates: [diagnoseKeys.history] });

export const useDiagnoseHistory = (query: DiagnoseHistoryQuery | null) =>
  useEndpointQuery(diagnose.history, query ?? { deviceId: '', limit: 0, offset: 0 }, {
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });

/** Devices whose name, serial or address matches, for the picker: the first page of Inventory's list. */
export const useDeviceSearch = (search: string) =>
  useEndpointQuery(
    inventory.list,
    { page: 1, pageSize: 40, search: search || undefined, sortBy: 'name', order: 'asc' },
    {
      placeholderData: keepPreviousData,
      // Without Inventory the picker is empty; the Run button's answer says why, not a toast on opening.
      meta: { silentError: true },
      retry: false,
    },
  );

/** A device picker's options: each device found, by name and serial, as the device pickers label them. */
export function useDeviceChoices(search: string) {
  const found = useDeviceSearch(search);
  return {
    options: (found.data?.list ?? []).map((d) => ({ value: d.id, label: `${d.name} (${d.sn})` })),
    loading: found.isLoading,
  };
}
