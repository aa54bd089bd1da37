/** The License app's calls (protocol endpoints/license.ts). */
import { endpoints, type SortOrder } from '@edge/protocol';
import { call } from '../../api/call.ts';
import { queryKeys, useEndpointMutation, useEndpointQuery } from '../../api/hooks.ts';

const { license } = endpoints;
/** Every licence query: an upload, a priority change or a delete reads them all again. */
const licenseKey = queryKeys.feature('license');
const changed = { invalidates: [licenseKey] };

export const useLicenses = () => useEndpointQuery(license.list);
/** Every signed-in user's: the trial's state for the desktop's notice (a notice that cannot load stays away quietly). */
export const useLicenseStatus = () =>
  useEndpointQuery(license.status, undefined, {
    staleTime: 60_000,
    retry: false,
    meta: { silentError: true },
  });
export const useContainerLicenses = () =>
  useEndpointQuery(license.containers, undefined, { select: (r) => r.list });

export const useLicenseDevices = (id: string, order: SortOrder, page: number, pageSize: number) =>
  useEndpointQuery(license.devices, { id, order, page, pageSize });

export const useUploadLicense = () =>
  useEndpointMutation(license.upload, {
    send: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return call(license.upload, { form });
    },
    ...changed,
  });

export const useSetPriority = () => useEndpointMutation(license.priority, changed);
export const useDeleteLicense = () =>
  useEndpointMutation(license.remove, { ...changed, toInput: (id: string) => ({ id }) });
export const useSendSales = () => useEndpointMutation(license.sales);
