/** The platform's name and logos; other features name the platform through `platformName`. */
import { featureModule } from '../modules/module.ts';
import { uploadsModule } from '../uploads/module.ts';
import { brandingService } from './service.ts';
import { brandingRoutes } from './routes.ts';

export const brandingModule = featureModule({
  name: 'branding',
  needs: ['store'],
  uses: { images: uploadsModule },
  start({ store }, { images }) {
    const branding = brandingService(store.db, images);
    const platformName = async () => (await branding.shown()).platformName;
    return { offers: { platformName }, routes: [brandingRoutes(branding)] };
  },
});
