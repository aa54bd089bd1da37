/** Provision calls (packages/protocol/src/provision.ts). The Discovery list is read again when the live socket says it changed. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdoptedConflictListResponse,
  AdoptRequest,
  ConflictDismissRequest,
  AdoptResponse,
  DiscoveryListResponse,
  DiscoveryRemoveRequest,
  DiscoveryRemoveResponse,
  EnrolSecretResponse,
  GroupListResponse,
  MessageResponse,
  ProvisionListResponse,
  ProvisionUploadResponse,
  RediscoverResponse,
} from '@edge/protocol';
import { api } from '../../api/client.ts';

const V1 = '/api/v1/provision';
export const provisionKeys = {
  discovery: ['provision', 'discovery'] as const,
  discoveryList: (search: string) => ['provision', 'discovery', search] as const,
  /** Under discovery: the live Discovery channel's news reads it again too. */
  conflicts: ['provision', 'discovery', '.conflicts'] as const,
  list: ['provision', 'list'] as const,
  groups: ['provision', 'groups'] as const,
  enrolSecret: ['provision', 'enrolSecret'] as const,
};

export const useDiscovery = (search: string) =>
  useQuery({
    queryKey: provisionKeys.discoveryList(search),
    queryFn: () =>
      api.get<DiscoveryListResponse>(`${V1}/discovery/list`, {
        query: { type: 'Discovery', search: search || undefined },
      }),
    placeholderData: keepPreviousData,
  });

export const useProvisionList = () =>
  useQuery({ queryKey: provisionKeys.list, queryFn: () => api.get<ProvisionListResponse>(`${V1}/list`) });

/** Groups to adopt into; a user without Inventory access adopts without one. */
export const useAdoptGroups = () =>
  useQuery({
    queryKey: provisionKeys.groups,
    queryFn: () => api.get<GroupListResponse>('/api/v1/inventory/group/list').then((r) => r.list),
    meta: { silentError: true },
    retry: false,
  });

export function useAdopt() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AdoptRequest) => api.post<AdoptResponse>(`${V1}/discovery/adopt`, body),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: provisionKeys.discovery });
      void client.invalidateQueries({ queryKey: ['inventory'] });
    },
  });
}

export function useRemoveDiscovery() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DiscoveryRemoveRequest) =>
      api.post<DiscoveryRemoveResponse>(`${V1}/discovery/remove`, body),
    onSuccess: () => void client.invalidateQueries({ queryKey: provisionKeys.discovery }),
  });
}

/** Only asked for by those who may manage Provision: the server refuses it to viewers. */
export const useEnrolSecret = (enabled: boolean) =>
  useQuery({
    queryKey: provisionKeys.enrolSecret,
    queryFn: () => api.get<EnrolSecretResponse>(`${V1}/enrolment-secret`),
    enabled,
  });

export function useRotateEnrolSecret() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<EnrolSecretResponse>(`${V1}/enrolment-secret/rotate`),
    onSuccess: (answer) => client.setQueryData(provisionKeys.enrolSecret, answer),
  });
}

export function useRediscover() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<RediscoverResponse>(`${V1}/rediscover`),
    onSuccess: () => void client.invalidateQueries({ queryKey: provisionKeys.discovery }),
  });
}

export const downloadDiscovery = () => api.get<string>(`${V1}/discovery/download`);

export function useUploadProvision() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress?: (percent: number) => void }) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return api.upload.post<ProvisionUploadResponse>(`${V1}/upload`, form, onProgress);
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: provisionKeys.list });
      void client.invalidateQueries({ queryKey: provisionKeys.discovery });
      void client.invalidateQueries({ queryKey: ['inventory'] });
    },
  });
}

export function useDeleteProvision() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (serial: string) => api.delete<MessageResponse>(`${V1}/delete`, { serial }),
    onSuccess: () => void client.invalidateQueries({ queryKey: provisionKeys.list }),
  });
}

/** Adopted devices whose serial another key asked for (issue 13). */
export const useAdoptedConflicts = () =>
  useQuery({
    queryKey: provisionKeys.conflicts,
    queryFn: () => api.get<AdoptedConflictListResponse>(`${V1}/conflicts`),
  });

export function useDismissConflict() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ConflictDismissRequest) => api.post<MessageResponse>(`${V1}/conflicts/dismiss`, body),
    onSuccess: () => void client.invalidateQueries({ queryKey: provisionKeys.conflicts }),
  });
}
