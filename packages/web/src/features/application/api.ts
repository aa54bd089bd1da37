/** Application calls (protocol endpoints/application.ts) as query hooks; each change refreshes what it touched. */
import { keepPreviousData } from '@tanstack/react-query';
import { endpoints } from '@edge/protocol';
import { queryKeys, useEndpointMutation, useEndpointQuery } from '../../api/hooks.ts';

const { application } = endpoints;

export const applicationKeys = {
  templates: queryKeys.endpoint(application.templates),
  registries: queryKeys.endpoint(application.registries),
  installed: queryKeys.endpoint(application.installed),
  fleet: queryKeys.endpoint(application.fleetInstalled),
  volumes: queryKeys.endpoint(application.volumes),
  networks: queryKeys.endpoint(application.networks),
};

/** How often the installed lists are read again while shown: states follow the engines' events. */
const LIVE_MS = 5000;

export const useTemplates = (search: string) =>
  useEndpointQuery(application.templates, { search, category: '' }, { placeholderData: keepPreviousData });
export const useRegistries = () => useEndpointQuery(application.registries);
export const useLicence = () => useEndpointQuery(application.licence);
export const useContainerDevices = (search: string) =>
  useEndpointQuery(application.devices, { search }, { placeholderData: keepPreviousData });

export const useInstalled = (deviceId: string | null) =>
  useEndpointQuery(
    application.installed,
    { deviceId: deviceId ?? '' },
    {
      enabled: deviceId !== null,
      refetchInterval: LIVE_MS,
      placeholderData: keepPreviousData,
    },
  );
export const useFleetInstalled = (search: string, page: number) =>
  useEndpointQuery(
    application.fleetInstalled,
    { search, page, pageSize: 20 },
    { refetchInterval: LIVE_MS, placeholderData: keepPreviousData },
  );

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
