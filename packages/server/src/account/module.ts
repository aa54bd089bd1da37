/** The signed-in user's own account; at first start, the first administrator (ADMIN_PASSWORD). */
import { featureModule } from '../modules/module.ts';
import { usersModule } from '../users/module.ts';
import { webauthnModule } from '../webauthn/module.ts';
import { accountService } from './service.ts';
import { accountRoutes } from './routes.ts';

export const accountModule = featureModule({
  name: 'account',
  needs: ['store', 'config', 'log'],
  uses: { users: usersModule, webauthn: webauthnModule },
  async start({ store, config, log }, { users, webauthn }) {
    const accounts = accountService(store.db, { members: users.members, webauthnKeys: webauthn.list });
    await accounts.ensureFirstAdministrator(config.adminPassword, log);
    return { routes: [accountRoutes(accounts)] };
  },
});
