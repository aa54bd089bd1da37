/**
 * The SD-WAN topology as a live channel (LIVE_CHANNELS.sdwan, key ''): the whole topology on subscribe and
 * again, at most once a second, after any change or link state change, so the map follows without reload.
 */
import { LIVE_CHANNELS, canView } from '@edge/protocol';
import type { LiveHub } from '../live/hub.ts';
import type { SdwanService } from './service.ts';

const PUSH_EVERY_MS = 1000;

export function sdwanChannel(deps: { hub: LiveHub; service: SdwanService }) {
  const feed = deps.hub.register({
    name: LIVE_CHANNELS.sdwan,
    need: [canView('SDWAN')],
    refuseKey: (key) => (key === '' ? null : 'notFound'),
    snapshot: () => deps.service.topology(),
    replaceable: true,
  });
  let timer: NodeJS.Timeout | undefined;
  return {
    changed(): void {
      if (timer || !feed.watched('')) return;
      timer = setTimeout(() => {
        timer = undefined;
        deps.service
          .topology()
          .then((topology) => feed.push('', topology))
          .catch(() => undefined);
      }, PUSH_EVERY_MS);
    },
    close(): void {
      clearTimeout(timer);
    },
  };
}
