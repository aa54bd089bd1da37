/** Customers (companies) that devices and groups belong to. */
import { featureModule } from '../modules/module.ts';
import { companyService } from './service.ts';
import { companyRoutes } from './routes.ts';

export const companyModule = featureModule({
  name: 'company',
  needs: ['store'],
  start: ({ store }) => ({ routes: [companyRoutes(companyService(store.db))] }),
});
