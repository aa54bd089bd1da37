/** The activity log: reading it, and its retention, pruned once for every replica. */
import { featureModule } from '../modules/module.ts';
import { activityService } from './service.ts';
import { activityRetention } from './retention.ts';
import { activityRoutes } from './routes.ts';

export const activityModule = featureModule({
  name: 'activity',
  needs: ['store'],
  start({ store }) {
    const retention = activityRetention(store.db);
    return {
      routes: [activityRoutes(activityService(store.db), retention)],
      tasks: [{ name: 'activity.prune', pattern: '0 */10 * * * *', run: () => retention.prune() }],
    };
  },
});
