/** Security keys (WebAuthn): registering them, and signing in with one. */
import { featureModule } from '../modules/module.ts';
import { authModule } from '../auth/module.ts';
import { brandingModule } from '../branding/module.ts';
import { webauthnService } from './service.ts';
import { webauthnRoutes } from './routes.ts';

export const webauthnModule = featureModule({
  name: 'webauthn',
  needs: ['store', 'config'],
  uses: { auth: authModule, branding: brandingModule },
  start({ store, config }, { auth, branding }) {
    const webauthn = webauthnService(store.db, { auth, platformName: branding.platformName });
    return {
      offers: webauthn,
      routes: [webauthnRoutes(webauthn, { rpId: config.webauthnRpId, origin: config.webauthnOrigin })],
    };
  },
});
