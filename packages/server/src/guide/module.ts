/** The quick-start guide (SPEC 2): each user's Don't show again. */
import { featureModule } from '../modules/module.ts';
import { guideRoutes } from './routes.ts';
import { guideService } from './service.ts';

export const guideModule = featureModule({
  name: 'guide',
  needs: ['store', 'devices'],
  start: ({ store, devices }) => ({ routes: [guideRoutes(guideService(store.db, devices))] }),
});
