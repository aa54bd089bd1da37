/**
 * Backup, as far as Schedule needs it (SPEC 3 function type 6): the backup.device job kind and the backup
 * file download. The Backup app's own screens (SPEC 2: backup now, history, restore) build on these.
 */
import { featureModule } from '../modules/module.ts';
import { deviceConfigModule } from '../deviceConfig/module.ts';
import { storedFiles } from '../uploads/files.ts';
import { deviceBackupKind } from './device-backup.ts';
import { backupRoutes } from './routes.ts';

export const backupModule = featureModule({
  name: 'backup',
  needs: ['store', 'jobs'],
  uses: { deviceConfig: deviceConfigModule },
  start({ store, jobs }, { deviceConfig }) {
    const files = storedFiles(store.db);
    jobs.kinds.register(deviceBackupKind({ config: deviceConfig.service, files }));
    return { routes: [backupRoutes(files)] };
  },
});
