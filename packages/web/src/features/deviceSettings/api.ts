/**
 * Device settings calls (packages/protocol/src/device-settings.ts): the state of one section, and the write
 * calls of the settingsCalls table. The state is read once; every change after that (an apply's steps, the
 * device's reports, drift) is pushed over the live channel of settings state (liveState.ts) while the
 * section is shown, and read once more after the socket reconnects. Nothing polls.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  endpoints,
  type SectionKey,
  type SectionStateView,
  type SettingsStateResponse,
  type SettingsWriteResponse,
} from '@edge/protocol';
import { call, callWith } from '../../api/call.ts';
import { settingsStateKey, useLiveSettings } from './liveState.ts';

export const settingsKeys = { state: settingsStateKey };

/** The section's state, kept current by the console's pushes while the calling screen is mounted. */
export function useSectionState(id: string, section: SectionKey) {
  useLiveSettings(id);
  const query = useQuery({
    queryKey: settingsKeys.state(id, section),
    queryFn: () => call(endpoints.deviceSettings.state, { id, section }),
  });
  return { ...query, view: query.data?.sections[0], online: query.data?.online };
}

/** Every write stores a new desired version: a view of this version or a later one came after the answer. */
const newerOrSame = (shown: SectionStateView | undefined, answered: SectionStateView) =>
  shown !== undefined && shown.desiredVersion >= answered.desiredVersion;

/** The declared endpoint of a settings call, by its path under the settings root (e.g. `wifi/setting`). */
export function settingsEndpoint(route: string) {
  const declared = endpoints.deviceSettings[route];
  if (!declared) throw new Error(`no settings call ${route}`);
  return declared;
}

/**
 * One write call (path relative to the settings root); answers at once with the section's state as stored
 * (pending), which is shown. The apply's steps after it (applying, applied, confirmed, rolled back) arrive
 * pushed, so the state is not read again; a push may even overtake the answer, and then the answer, older,
 * is not shown over it.
 */
export function useSectionWrite(id: string, section: SectionKey) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ path, body }: { path: string; body: object }) =>
      callWith(settingsEndpoint(path), { id, ...body }) as Promise<SettingsWriteResponse>,
    onSuccess: (answer) => {
      client.setQueryData<SettingsStateResponse>(settingsKeys.state(id, section), (old) =>
        old && !newerOrSame(old.sections[0], answer.section) ? { ...old, sections: [answer.section] } : old,
      );
    },
  });
}
