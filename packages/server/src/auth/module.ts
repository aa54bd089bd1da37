/** Signing in and out. The sessions themselves are the core's (the guard reads them on every request). */
import { featureModule } from '../modules/module.ts';
import { authService } from './service.ts';
import { authRoutes } from './routes.ts';

export const authModule = featureModule({
  name: 'auth',
  needs: ['store', 'sessions', 'acl'],
  start({ store, sessions, acl }) {
    const auth = authService(store.db, sessions, acl);
    return {
      offers: auth,
      routes: [authRoutes(auth)],
      tasks: [{ name: 'sessions.pruneIdle', pattern: '0 */10 * * * *', run: () => sessions.pruneIdle() }],
    };
  },
});
