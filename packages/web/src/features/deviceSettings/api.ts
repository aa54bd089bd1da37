/**
 * Device settings calls (packages/protocol/src/device-settings.ts): the state of one section, and the write
 * calls of the settingsCalls table. The server does not push configuration state yet, so after a write the
 * section's state is polled (at most every second, for at most two minutes) until it settles.
 */
import { useCallback, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  SETTINGS_API_ROOT,
  SETTINGS_STATE_PATH,
  type SectionKey,
  type SectionState,
  type SettingsStateResponse,
  type SettingsWriteResponse,
} from '@edge/protocol';
import { api } from '../../api/client.ts';

export const POLL_INTERVAL_MS = 1000;
export const POLL_LIMIT_MS = 120_000;
const SETTLED: readonly SectionState[] = ['in_sync', 'rolled_back', 'failed'];
export const isSettled = (state: SectionState): boolean => SETTLED.includes(state);

export const settingsKeys = {
  state: (id: string, section: SectionKey) => ['deviceSettings', 'state', id, section] as const,
};

/** The section's state; while `pollUntil` is in the future and the state has not settled, refetched every second. */
export function useSectionState(id: string, section: SectionKey) {
  const [pollUntil, setPollUntil] = useState(0);
  const query = useQuery({
    queryKey: settingsKeys.state(id, section),
    queryFn: () => api.get<SettingsStateResponse>(SETTINGS_STATE_PATH, { query: { id, section } }),
    refetchInterval: (q) => {
      const view = q.state.data?.sections[0];
      if (Date.now() > pollUntil) return false;
      if (
        view &&
        isSettled(view.state) &&
        q.state.dataUpdatedAt > pollUntil - POLL_LIMIT_MS + POLL_INTERVAL_MS
      )
        return false;
      return POLL_INTERVAL_MS;
    },
  });
  const startPolling = useCallback(() => setPollUntil(Date.now() + POLL_LIMIT_MS), []);
  return { ...query, view: query.data?.sections[0], online: query.data?.online, startPolling };
}

export type WriteMethod = 'PATCH' | 'POST';

/** One write call (path relative to the settings root); answers the section's state after the apply was tried. */
export function useSectionWrite(id: string, section: SectionKey) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ method, path, body }: { method: WriteMethod; path: string; body: object }) => {
      const url = `${SETTINGS_API_ROOT}/${path}`;
      const payload = { id, ...body };
      return method === 'PATCH'
        ? api.patch<SettingsWriteResponse>(url, payload)
        : api.post<SettingsWriteResponse>(url, payload);
    },
    onSuccess: (answer) => {
      client.setQueryData<SettingsStateResponse>(settingsKeys.state(id, section), (old) =>
        old ? { ...old, sections: [answer.section] } : old,
      );
    },
  });
}
