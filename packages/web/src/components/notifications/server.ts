/**
 * The signed-in user's notification list on the console (SPEC 2/3): this tab's changes go there, and the
 * list is read back when the tab regains focus and every half minute, so a reload or another tab shows
 * the same entries, read or unread. (The live socket is not used: it is being rebuilt.)
 */
import { useEffect } from 'react';
import { endpoints } from '@edge/protocol';
import { call } from '../../api/call.ts';
import { useEndpointQuery } from '../../api/hooks.ts';
import { notificationStore, type NotificationSink } from './store.ts';

const READ_BACK_MS = 30_000;
const { notifications } = endpoints;

export const serverSink: NotificationSink = {
  add: (entry) =>
    call(notifications.add, {
      id: entry.id,
      level: entry.level,
      type: entry.type,
      value: entry.value,
      progress: entry.progress,
      date: entry.date,
    }),
  progress: (id, progress, level) => call(notifications.progress, { id, progress, level }),
  markAllRead: () => call(notifications.markAllRead),
  clear: () => call(notifications.clear),
};

/** Mounted while signed in: binds the store to the console and keeps it in step with the kept list. */
export function useKeptNotifications(): void {
  useEffect(() => {
    notificationStore.bind(serverSink);
    return () => notificationStore.bind(null);
  }, []);
  const { data } = useEndpointQuery(notifications.list, undefined, {
    refetchOnWindowFocus: 'always',
    refetchInterval: READ_BACK_MS,
    // A failed read keeps the list this tab has; an error toast would itself land in the list.
    meta: { silentError: true },
  });
  useEffect(() => {
    if (data) notificationStore.replace(data.list);
  }, [data]);
}
