/**
 * The messages live channel (key ''): the unread critical count on subscribe, then on every change, with
 * the new or counted-up message (the desktop's badge and notification list follow it).
 */
import { LIVE_CHANNELS, canView, type LiveMessages } from '@edge/protocol';
import type { LiveHub } from '../live/hub.ts';
import type { MessageService } from './service.ts';

export function messagesChannel(hub: LiveHub, service: MessageService): () => void {
  const feed = hub.register({
    name: LIVE_CHANNELS.messages,
    need: [canView('Message')],
    refuseKey: (key) => (key === '' ? null : 'notFound'),
    async snapshot(): Promise<LiveMessages> {
      return { unreadCritical: await service.unreadCritical() };
    },
  });
  return service.onChange(({ message }) => {
    if (!feed.watched('')) return;
    service
      .unreadCritical()
      .then((unreadCritical) => feed.push('', { unreadCritical, message } satisfies LiveMessages))
      .catch(() => undefined);
  });
}
