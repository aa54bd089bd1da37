/** The health check: whether the console and its database answer. */
import { featureModule } from '../modules/module.ts';
import { healthRoutes } from './routes.ts';

export const healthModule = featureModule({
  name: 'health',
  needs: ['store'],
  start: ({ store }) => ({ routes: [healthRoutes(store.db)] }),
});
