/** User accounts; ending a user's sessions goes through the core's sessions (which close live sockets). */
import { featureModule } from '../modules/module.ts';
import { rolesModule } from '../roles/module.ts';
import { uploadsModule } from '../uploads/module.ts';
import { userService } from './service.ts';
import { userRoutes } from './routes.ts';

export const usersModule = featureModule({
  name: 'users',
  needs: ['store', 'sessions'],
  uses: { roles: rolesModule, images: uploadsModule },
  start({ store, sessions }, { roles, images }) {
    const users = userService(store.db, { roles, images, sessions });
    return { offers: users, routes: [userRoutes(users)] };
  },
});
