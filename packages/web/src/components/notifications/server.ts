/**
 * The signed-in user's notification list on the console (SPEC 2/3): this tab's changes go there, and the
 * console pushes the kept list over the live socket (LIVE_CHANNELS.notifications, the user's own key) on
 * subscribe and after every change, whichever tab or replica made it; after a dropped socket the
 * subscription is made again and its first message is the list as it is then, so nothing is missed.
 */
import { useEffect } from 'react';
import { LIVE_CHANNELS, endpoints } from '@edge/protocol';
import { call } from '../../api/call.ts';
import { useChannel } from '../../live/useChannel.ts';
import { notificationStore, type NotificationSink } from './store.ts';

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

/**
 * Mounted while signed in: binds the store to the console and follows the kept list live. `userId` is the
 * signed-in user's (their key of the channel); until it is known nothing is followed.
 */
export function useKeptNotifications(userId: number | undefined): void {
  useEffect(() => {
    notificationStore.bind(serverSink);
    return () => notificationStore.bind(null);
  }, []);
  useChannel(LIVE_CHANNELS.notifications, userId === undefined ? null : String(userId), (kept) =>
    notificationStore.replace(kept.list),
  );
}
