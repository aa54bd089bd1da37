/** The overview pushed every DASHBOARD_PUSH_MS while someone watches it (key ''), and at once on subscribe. */
import { DASHBOARD_PUSH_MS, LIVE_CHANNELS, canView } from '@edge/protocol';
import type { LiveHub } from '../live/hub.ts';
import type { BusLog } from '../gateway/index.ts';
import type { DashboardService } from './service.ts';

export function overviewChannel(deps: {
  hub: LiveHub;
  dashboard: DashboardService;
  log: BusLog;
  pushMs?: number;
}) {
  let timer: NodeJS.Timeout | null = null;
  const feed = deps.hub.register({
    name: LIVE_CHANNELS.overview,
    need: [canView('Dashboard')],
    refuseKey: (key) => (key === '' ? null : 'invalidRequest'),
    snapshot: () => deps.dashboard.overview(),
    replaceable: true,
    watching(_key, watched) {
      if (watched && !timer) {
        timer = setInterval(() => {
          deps.dashboard.overview().then(
            (overview) => feed.push('', overview),
            (err: unknown) => deps.log.warn({ err }, 'dashboard overview failed'),
          );
        }, deps.pushMs ?? DASHBOARD_PUSH_MS);
        timer.unref();
      } else if (!watched && timer) {
        clearInterval(timer);
        timer = null;
      }
    },
  });
  return () => {
    if (timer) clearInterval(timer);
  };
}
