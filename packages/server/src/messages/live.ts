/**
 * The messages live channel, keyed by user id (each user reads only their own key): that user's unread
 * critical count on subscribe, then on every change, with the new or counted-up message (the desktop's badge
 * and notification list follow it).
 */
import { LIVE_CHANNELS, canView, type LiveMessages } from '@edge/protocol';
import type { LiveHub } from '../live/hub.ts';
import type { MessageService } from './service.ts';

export function messagesChannel(hub: LiveHub, service: MessageService): () => void {
  const feed = hub.register({
    name: LIVE_CHANNELS.messages,
    need: [canView('Message')],
    refuseKey: (key, identity) => (key === String(identity.userId) ? null : 'forbidden'),
    async snapshot(key): Promise<LiveMessages> {
      return { unreadCritical: await service.unreadCritical(Number(key)) };
    },
  });
  return service.onChange(({ message }) => {
    for (const key of feed.keys())
      service
        .unreadCritical(Number(key))
        .then((unreadCritical) =>
          feed.push(key, {
            unreadCritical,
            // A new or repeated message is unread for everyone.
            message: message && { ...message, read: false },
          } satisfies LiveMessages),
        )
        .catch(() => undefined);
  });
}
