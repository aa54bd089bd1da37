/**
 * The notifications live channel (protocol LIVE_CHANNELS.notifications), keyed by user id: each user reads
 * only their own key, and gets their kept list on subscribe, then again whenever it changed. A change is
 * announced on the console's bus topic and every replica (this one included) hears it and reads the list
 * once for its own subscribers of that user, so a tab connected to another replica follows too. Like the
 * section changes (deviceConfig/section-changes.ts), the topic is outside the device tree: no device reads it.
 */
import { CONSOLE_TOPIC_ROOT, LIVE_CHANNELS, type NotificationListResponse } from '@edge/protocol';
import type { Bus, BusLog } from '../gateway/index.ts';
import type { LiveHub } from '../live/hub.ts';
import type { NotificationService } from './service.ts';

const ROOT = `${CONSOLE_TOPIC_ROOT}/notifications`;

export interface NotificationChanges {
  /** Tells every replica that the user's list changed; never throws (the change itself is stored). */
  announce(userId: number): void;
  /** Every replica's announcements; returns the function that stops listening. */
  on(listener: (userId: number) => void): () => void;
  stop(): Promise<void>;
}

export async function listenNotificationChanges(bus: Bus, log: BusLog): Promise<NotificationChanges> {
  const listeners = new Set<(userId: number) => void>();
  const tell = (userId: number) => {
    for (const listener of listeners) listener(userId);
  };
  const stop = await bus.subscribe(`${ROOT}/+`, (topic) => {
    const userId = Number(topic.slice(ROOT.length + 1));
    if (Number.isInteger(userId)) tell(userId);
  });
  return {
    announce(userId) {
      bus.publish(`${ROOT}/${userId}`, '').catch((err: unknown) => {
        // The bus is down: this replica's own tabs still hear of it.
        log.warn({ err, userId }, 'notification list change not announced');
        tell(userId);
      });
    },
    on(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stop,
  };
}

export function notificationsChannel(
  hub: LiveHub,
  service: NotificationService,
  changes: NotificationChanges,
  log: BusLog,
): () => void {
  const feed = hub.register({
    name: LIVE_CHANNELS.notifications,
    // Every signed-in user has a list (the routes are userRoutes): no permission beyond being one.
    need: [],
    refuseKey: (key, identity) => (key === String(identity.userId) ? null : 'forbidden'),
    snapshot: (key): Promise<NotificationListResponse> => service.list(Number(key)),
  });
  return changes.on((userId) => {
    const key = String(userId);
    if (!feed.watched(key)) return;
    service
      .list(userId)
      .then((list) => feed.push(key, list))
      .catch((err: unknown) => log.warn({ err, userId }, 'notification list not pushed'));
  });
}
