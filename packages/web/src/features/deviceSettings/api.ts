/**
 * Device settings calls (packages/protocol/src/device-settings.ts): the state of one section, and the write
 * calls of the settingsCalls table. The state is read once; every change after that (an apply's steps, the
 * device's reports, drift) is pushed over the live channel of settings state (liveState.ts) while the
 * section is shown, and read once more after the socket reconnects. Nothing polls.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  SETTINGS_API_ROOT,
  SETTINGS_STATE_PATH,
  type SectionKey,
  type SectionStateView,
  type SettingsStateResponse,
  type SettingsWriteResponse,
} from '@edge/protocol';
import { api } from '../../api/client.ts';
import { settingsStateKey, useLiveSettings } from './liveState.ts';

export const settingsKeys = { state: settingsStateKey };

/** The section's state, kept current by the console's pushes while the calling screen is mounted. */
export function useSectionState(id: string, section: SectionKey) {
  useLiveSettings(id);
  const query = useQuery({
    queryKey: settingsKeys.state(id, section),
    queryFn: () => api.get<SettingsStateResponse>(SETTINGS_STATE_PATH, { query: { id, section } }),
  });
  return { ...query, view: query.data?.sections[0], online: query.data?.online };
}

/** Every write stores a new desired version: a view of this version or a later one came after the answer. */
const newerOrSame = (shown: SectionStateView | undefined, answered: SectionStateView) =>
  shown !== undefined && shown.desiredVersion >= answered.desiredVersion;

export type WriteMethod = 'PATCH' | 'POST' | 'DELETE';

/**
 * One write call (path relative to the settings root); answers at once with the section's state as stored
 * (pending), which is shown. The apply's steps after it (applying, applied, confirmed, rolled back) arrive
 * pushed, so the state is not read again; a push may even overtake the answer, and then the answer, older,
 * is not shown over it.
 */
export function useSectionWrite(id: string, section: SectionKey) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ method, path, body }: { method: WriteMethod; path: string; body: object }) => {
      const url = `${SETTINGS_API_ROOT}/${path}`;
      const payload = { id, ...body };
      if (method === 'DELETE') return api.delete<SettingsWriteResponse>(url, payload);
      return method === 'PATCH'
        ? api.patch<SettingsWriteResponse>(url, payload)
        : api.post<SettingsWriteResponse>(url, payload);
    },
    onSuccess: (answer) => {
      client.setQueryData<SettingsStateResponse>(settingsKeys.state(id, section), (old) =>
        old && !newerOrSame(old.sections[0], answer.section) ? { ...old, sections: [answer.section] } : old,
      );
    },
  });
}
