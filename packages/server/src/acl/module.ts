/** Access control lists; the gate that applies them is the core's (app.ts). */
import { featureModule } from '../modules/module.ts';
import { aclRoutes } from './routes.ts';

export const aclModule = featureModule({
  name: 'acl',
  needs: ['acl'],
  start: ({ acl }) => ({ routes: [aclRoutes(acl)] }),
});
