/**
 * The Backup app (SPEC 1, 2, 4, 7, 8): device backups as files sealed in DATA_DIR (store.ts), the
 * backup.device job kind (also Schedule function type 6), restore and factory default job kinds, and the
 * app's routes.
 */
import path from 'node:path';
import { featureModule } from '../modules/module.ts';
import { deviceConfigModule } from '../deviceConfig/module.ts';
import { keyValueStore } from '../db/key-value.ts';
import { deviceBackupKind } from './device-backup.ts';
import { factoryDefaultKind, restoreKind } from './restore.ts';
import { backupRoutes } from './routes.ts';
import { backupService } from './service.ts';
import { backupStore } from './store.ts';

export const backupModule = featureModule({
  name: 'backup',
  needs: ['store', 'jobs', 'secrets', 'config', 'devices'],
  uses: { deviceConfig: deviceConfigModule },
  start({ store, jobs, secrets, config, devices }, { deviceConfig }) {
    const backups = backupStore(
      store.db,
      secrets,
      config.backupDir ?? path.join(config.dataDir, 'device-backups'),
    );
    const service = backupService({ devices, backups, jobs, settings: keyValueStore(store.db) });
    const configService = deviceConfig.service;
    jobs.kinds.register(deviceBackupKind({ config: configService, backups, keep: service.keep }));
    jobs.kinds.register(restoreKind({ config: configService, backups }));
    jobs.kinds.register(factoryDefaultKind({ config: configService }));
    return { routes: [backupRoutes(service)] };
  },
});
