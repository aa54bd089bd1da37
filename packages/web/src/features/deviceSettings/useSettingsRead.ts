/**
 * One read call of the settings table (SPEC 7), typed by its answer in settingsReadResponses: the live
 * data a section shows beside its document (WAN link status, connected clients, which WANs exist).
 * `followDevice` reads again whenever the device's report is pushed (the live socket's dashboard of the
 * device), so link states and client lists follow the device without a polling loop.
 */
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { SETTINGS_API_ROOT, type SettingsReadPath, type SettingsReadResponse } from '@edge/protocol';
import { callWith } from '../../api/call.ts';
import type { Query } from '../../api/client.ts';
import { settingsEndpoint } from './api.ts';
import { useDashboard } from '../inventory/api.ts';
import { useLiveDevice } from '../inventory/live/useLiveInventory.ts';

type Root = typeof SETTINGS_API_ROOT;
/** A read path relative to the settings root, as the write paths are given. */
export type ReadRoute = SettingsReadPath extends `${Root}/${infer R}` ? R : never;

export const settingsReadKey = (id: string, route: ReadRoute) =>
  ['deviceSettings', 'read', id, route] as const;

export function useSettingsRead<R extends ReadRoute>(
  id: string,
  route: R,
  { query = {} }: { query?: Query } = {},
) {
  return useQuery({
    queryKey: [...settingsReadKey(id, route), query],
    queryFn: () =>
      callWith(settingsEndpoint(route), { id, ...query }) as Promise<
        SettingsReadResponse<`${Root}/${R}` & SettingsReadPath>
      >,
  });
}

/** useSettingsRead, read again each time the device reports (pushed over the live socket). */
export function useSettingsReadFollowingDevice<R extends ReadRoute>(id: string, route: R) {
  const read = useSettingsRead(id, route);
  useLiveDevice(id);
  const reportedAt = useDashboard(id).dataUpdatedAt;
  const { refetch } = read;
  useEffect(() => {
    if (reportedAt) void refetch();
  }, [reportedAt, refetch]);
  return read;
}
