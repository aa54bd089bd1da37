/** Roles and their permissions. */
import { featureModule } from '../modules/module.ts';
import { roleService } from './service.ts';
import { roleRoutes } from './routes.ts';

export const rolesModule = featureModule({
  name: 'roles',
  needs: ['store'],
  start({ store }) {
    const roles = roleService(store.db);
    return { offers: roles, routes: [roleRoutes(roles)] };
  },
});
