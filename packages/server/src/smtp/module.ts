/** The outgoing mail server; its password is kept sealed (secrets), its mails name the platform. */
import { featureModule } from '../modules/module.ts';
import { brandingModule } from '../branding/module.ts';
import { smtpService } from './service.ts';
import { smtpRoutes } from './routes.ts';

export const smtpModule = featureModule({
  name: 'smtp',
  needs: ['store', 'secrets'],
  uses: { branding: brandingModule },
  start: ({ store, secrets }, { branding }) => {
    const smtp = smtpService(store.db, secrets, branding.platformName);
    // Offered to the features that send mail (the License app's sales support form).
    return { offers: smtp, routes: [smtpRoutes(smtp)] };
  },
});
