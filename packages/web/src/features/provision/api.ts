/** Provision calls (protocol endpoints/provision.ts). The Discovery list is read again when the live socket says it changed. */
import { keepPreviousData } from '@tanstack/react-query';
import { endpoints } from '@edge/protocol';
import { call } from '../../api/call.ts';
import { queryKeys, useEndpointMutation, useEndpointQuery } from '../../api/hooks.ts';
import { useGroups } from '../inventory/api.ts';

const { provision } = endpoints;
export const provisionKeys = {
  discovery: queryKeys.endpoint(provision.discovery),
  list: queryKeys.of(provision.list),
  enrolSecret: queryKeys.of(provision.enrolSecret),
  /** Read again with Discovery when the live Discovery channel has news (useLiveDiscovery.ts). */
  conflicts: queryKeys.of(provision.conflicts),
};
/** Adoption and uploads add devices: every inventory query is read again. */
const inventoryKey = queryKeys.feature('inventory');

export const useDiscovery = (search: string) =>
  useEndpointQuery(
    provision.discovery,
    { type: 'Discovery', search: search || undefined },
    { placeholderData: keepPreviousData },
  );

export const useProvisionList = () => useEndpointQuery(provision.list);

/** The profile templates a device may be adopted with (Profile Management): what adoption applies. */
export const useTemplateNames = () =>
  useEndpointQuery(endpoints.profiles.templateNames, {}, { select: (r) => r.names });

/** Groups to adopt into (Inventory's group list); a user without Inventory access adopts without one. */
export const useAdoptGroups = () => useGroups({ meta: { silentError: true }, retry: false });

export const useAdopt = () =>
  useEndpointMutation(provision.adopt, { invalidates: [provisionKeys.discovery, inventoryKey] });

export const useRemoveDiscovery = () =>
  useEndpointMutation(provision.removeDiscovery, { invalidates: [provisionKeys.discovery] });

/** Only asked for by those who may manage Provision: the server refuses it to viewers. */
export const useEnrolSecret = (enabled: boolean) =>
  useEndpointQuery(provision.enrolSecret, undefined, { enabled });

export const useRotateEnrolSecret = () =>
  useEndpointMutation(provision.rotateEnrolSecret, {
    onSuccess: (answer, _v, client) => client.setQueryData(provisionKeys.enrolSecret, answer),
  });

export const useRediscover = () =>
  useEndpointMutation(provision.rediscover, { invalidates: [provisionKeys.discovery] });

export const downloadDiscovery = () => call(provision.downloadDiscovery);

export const useUploadProvision = () =>
  useEndpointMutation(provision.upload, {
    send: ({ file, onProgress }: { file: File; onProgress?: (percent: number) => void }) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return call(provision.upload, { form }, { onProgress });
    },
    invalidates: [provisionKeys.list, provisionKeys.discovery, inventoryKey],
  });

export const useDeleteProvision = () =>
  useEndpointMutation(provision.remove, {
    toInput: (serial: string) => ({ serial }),
    invalidates: [provisionKeys.list],
  });

/** Adopted devices whose serial another key asked for (issue 13). */
export const useAdoptedConflicts = () => useEndpointQuery(provision.conflicts);

export const useDismissConflict = () =>
  useEndpointMutation(provision.dismissConflict, { invalidates: [provisionKeys.conflicts] });
