/** Profile Management's calls (protocol endpoints/profiles.ts). */
import { endpoints } from '@edge/protocol';
import { queryKeys, useEndpointMutation, useEndpointQuery } from '../../api/hooks.ts';

const { profiles } = endpoints;
/** Every query of the feature: a change reloads the list and the assignments. */
export const profilesKey = queryKeys.feature('profiles');
const changed = { invalidates: [profilesKey] };

export const useProfiles = () => useEndpointQuery(profiles.list, {}, { select: (r) => r.list });

/** The devices a profile was applied to, read again while a rollout may still be changing them. */
export const useAssignments = (id: number | null) =>
  useEndpointQuery(
    profiles.assignments,
    { id: id ?? 0 },
    { enabled: id !== null, select: (r) => r.list, refetchInterval: 5000 },
  );

export const useCreateProfile = () => useEndpointMutation(profiles.create, changed);
export const useEditProfile = () => useEndpointMutation(profiles.edit, changed);
export const useDeleteProfile = () =>
  useEndpointMutation(profiles.remove, { ...changed, toInput: (id: number) => ({ id }) });
export const useDryRun = () => useEndpointMutation(profiles.dryRun);
export const useImportProfiles = () => useEndpointMutation(profiles.importDocument, changed);
export const useRollout = () => useEndpointMutation(profiles.rollout, changed);
export const useAbortRollout = () =>
  useEndpointMutation(profiles.abort, { toInput: (id: number) => ({ id }) });
export const usePauseRollout = () =>
  useEndpointMutation(profiles.pause, { toInput: (id: number) => ({ id }) });
export const useResumeRollout = () =>
  useEndpointMutation(profiles.resume, { toInput: (id: number) => ({ id }) });
