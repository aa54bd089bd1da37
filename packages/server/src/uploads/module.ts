/** Stored images (user icons, branding logos): offered to the features that keep images, no routes of its own. */
import { featureModule } from '../modules/module.ts';
import { imageService } from './service.ts';

export const uploadsModule = featureModule({
  name: 'uploads',
  needs: ['store'],
  start: ({ store }) => ({ offers: imageService(store.db) }),
});
