/** The security overview and the sign-in lockouts. */
import { featureModule } from '../modules/module.ts';
import { authModule } from '../auth/module.ts';
import { securityService } from './service.ts';
import { securityRoutes } from './routes.ts';
import { lockoutRoutes } from './lockouts.ts';

export const securityModule = featureModule({
  name: 'security',
  needs: ['acl', 'tokens'],
  uses: { auth: authModule },
  start: ({ acl, tokens }, { auth }) => ({
    routes: [securityRoutes(securityService(acl, tokens)), lockoutRoutes(auth.lockouts)],
  }),
});
