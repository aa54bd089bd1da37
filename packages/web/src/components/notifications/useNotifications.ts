import { useSyncExternalStore } from 'react';
import { notificationStore, type NotificationState } from './store.ts';

export const useNotifications = (): NotificationState =>
  useSyncExternalStore(
    notificationStore.subscribe,
    notificationStore.getSnapshot,
    notificationStore.getSnapshot,
  );
