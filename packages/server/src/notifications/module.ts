/** Each user's notification list, and its live channel (every change reaches the user's tabs at once). */
import { featureModule } from '../modules/module.ts';
import { notificationService } from './service.ts';
import { notificationRoutes } from './routes.ts';
import { listenNotificationChanges, notificationsChannel } from './live.ts';

export const notificationsModule = featureModule({
  name: 'notifications',
  needs: ['store', 'bus', 'log'],
  start: async ({ store, bus, log }) => {
    const changes = await listenNotificationChanges(bus, log);
    const service = notificationService(store.db, changes.announce);
    return {
      routes: [notificationRoutes(service)],
      channels: [(hub) => notificationsChannel(hub, service, changes, log)],
      stop: changes.stop,
    };
  },
});
