/** Profile Management's calls (protocol endpoints/profiles.ts). */
import { endpoints } from '@edge/protocol';
import { queryKeys, useEndpointMutation, useEndpointQuery } from '../../api/hooks.ts';

const { profiles } = endpoints;
/** Every query of the feature: a change reloads the list and the assignments. */
export const profilesKey = queryKeys.feature('profiles');
const changed = { invalidates: [profilesKey] };

/** What the editors offer as choices, from what the fleet reports (read once per opening, kept a minute). */
export const useFleetChoices = () => useEndpointQuery(profiles.fleetChoices, {}, { staleTime: 60_000 });

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

/** Profile templates (what an adopted device gets); a change reloads them with the rest of the feature. */
export const useTemplates = () => useEndpointQuery(profiles.templateList, {}, { select: (r) => r.list });
export const useCreateTemplate = () => useEndpointMutation(profiles.templateCreate, changed);
export const useEditTemplate = () => useEndpointMutation(profiles.templateEdit, changed);
export const useCopyTemplate = () => useEndpointMutation(profiles.templateCopy, changed);
export const useDeleteTemplate = () =>
  useEndpointMutation(profiles.templateRemove, { ...changed, toInput: (id: number) => ({ id }) });
