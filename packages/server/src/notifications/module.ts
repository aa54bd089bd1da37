/** Each user's notification list. */
import { featureModule } from '../modules/module.ts';
import { notificationService } from './service.ts';
import { notificationRoutes } from './routes.ts';

export const notificationsModule = featureModule({
  name: 'notifications',
  needs: ['store'],
  start: ({ store }) => ({ routes: [notificationRoutes(notificationService(store.db))] }),
});
