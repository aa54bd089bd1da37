/**
 * Application calls (protocol endpoints/application.ts) as query hooks; each change refreshes what it
 * touched. The installed lists are read once and then follow the live channels (LIVE_CHANNELS.containers
 * and .containerFleet): a device's engine events reach the open screen as they happen, with no polling.
 */
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { LIVE_CHANNELS, endpoints, type InstalledResponse } from '@edge/protocol';
import { queryKeys, useEndpointMutation, useEndpointQuery } from '../../api/hooks.ts';
import { useChannel } from '../../live/useChannel.ts';

const { application } = endpoints;

export const applicationKeys = {
  templates: queryKeys.endpoint(application.templates),
  registries: queryKeys.endpoint(application.registries),
  installed: queryKeys.endpoint(application.installed),
  fleet: queryKeys.endpoint(application.fleetInstalled),
  volumes: queryKeys.endpoint(application.volumes),
  networks: queryKeys.endpoint(application.networks),
  hypervisor: queryKeys.endpoint(application.hypervisor),
};

export const useTemplates = (search: string) =>
  useEndpointQuery(application.templates, { search, category: '' }, { placeholderData: keepPreviousData });
export const useRegistries = () => useEndpointQuery(application.registries);
export const useLicence = () => useEndpointQuery(application.licence);
export const useContainerDevices = (search: string) =>
  useEndpointQuery(application.devices, { search }, { placeholderData: keepPreviousData });

/**
 * A device's apps: read once, then replaced by each list the console pushes after an engine event, when the
 * device goes offline (its last apps, marked so) and when it comes back; the hypervisor view of a device
 * that came back is read again too.
 */
export function useInstalled(deviceId: string | null) {
  const client = useQueryClient();
  const input = { deviceId: deviceId ?? '' };
  const key = queryKeys.of(application.installed, input);
  useChannel(
    LIVE_CHANNELS.containers,
    deviceId,
    (list) => {
      const before = client.getQueryData<InstalledResponse>(key);
      client.setQueryData(key, list);
      if (before?.offline && !list.offline)
        void client.invalidateQueries({ queryKey: applicationKeys.hypervisor });
    },
    () => void client.invalidateQueries({ queryKey: applicationKeys.installed }),
  );
  return useEndpointQuery(application.installed, input, {
    enabled: deviceId !== null,
    placeholderData: keepPreviousData,
  });
}

/** The hypervisor view of a device: its health, network cards and engine, read when chosen or refreshed. */
export const useHypervisor = (deviceId: string | null) =>
  useEndpointQuery(
    application.hypervisor,
    { deviceId: deviceId ?? '' },
    { enabled: deviceId !== null, placeholderData: keepPreviousData },
  );

/** The fleet's apps: read again when the console says some device's apps changed. */
export function useFleetInstalled(search: string, page: number) {
  const client = useQueryClient();
  const readAgain = () => void client.invalidateQueries({ queryKey: applicationKeys.fleet });
  useChannel(LIVE_CHANNELS.containerFleet, '', readAgain, readAgain);
  return useEndpointQuery(
    application.fleetInstalled,
    { search, page, pageSize: 20 },
    { placeholderData: keepPreviousData },
  );
}

const templatesChanged = { invalidates: [applicationKeys.templates] };
const registriesChanged = { invalidates: [applicationKeys.registries, applicationKeys.templates] };
const appsChanged = { invalidates: [applicationKeys.installed, applicationKeys.fleet] };

export const useCreateTemplate = () => useEndpointMutation(application.templateCreate, templatesChanged);
export const useEditTemplate = () => useEndpointMutation(application.templateEdit, templatesChanged);
export const useDeleteTemplate = () => useEndpointMutation(application.templateDelete, templatesChanged);
export const useImportTemplates = () => useEndpointMutation(application.templateImport, templatesChanged);
export const useCreateRegistry = () => useEndpointMutation(application.registryCreate, registriesChanged);
export const useEditRegistry = () => useEndpointMutation(application.registryEdit, registriesChanged);
export const useDeleteRegistry = () => useEndpointMutation(application.registryDelete, registriesChanged);
export const useTestRegistry = () => useEndpointMutation(application.registryTest);
export const useDeploy = () => useEndpointMutation(application.deploy, appsChanged);
export const useContainerAction = () => useEndpointMutation(application.action, appsChanged);
export const useContainerLogs = (deviceId: string, name: string | null) =>
  useEndpointQuery(application.logs, { deviceId, name: name ?? '', tail: 500 }, { enabled: name !== null });
export const useCopyContainer = () => useEndpointMutation(application.copy, appsChanged);
export const useAdoptContainer = () =>
  useEndpointMutation(application.adopt, {
    invalidates: [applicationKeys.installed, applicationKeys.templates],
  });
export const useVolumes = (deviceId: string) => useEndpointQuery(application.volumes, { deviceId });
export const useNetworks = (deviceId: string) => useEndpointQuery(application.networks, { deviceId });
const volumesChanged = { invalidates: [applicationKeys.volumes] };
const networksChanged = { invalidates: [applicationKeys.networks] };
export const useCreateVolume = () => useEndpointMutation(application.volumeCreate, volumesChanged);
export const useDeleteVolume = () => useEndpointMutation(application.volumeDelete, volumesChanged);
export const useCreateNetwork = () => useEndpointMutation(application.networkCreate, networksChanged);
export const useDeleteNetwork = () => useEndpointMutation(application.networkDelete, networksChanged);
