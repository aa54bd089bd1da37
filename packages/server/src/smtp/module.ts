/** The outgoing mail server; its password is kept sealed (secrets), its mails name the platform. */
import { featureModule } from '../modules/module.ts';
import { brandingModule } from '../branding/module.ts';
import { smtpService } from './service.ts';
import { smtpRoutes } from './routes.ts';

export const smtpModule = featureModule({
  name: 'smtp',
  needs: ['store', 'secrets'],
  uses: { branding: brandingModule },
  start: ({ store, secrets }, { branding }) => ({
    routes: [smtpRoutes(smtpService(store.db, secrets, branding.platformName))],
  }),
});
