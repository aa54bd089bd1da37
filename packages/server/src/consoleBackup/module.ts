/**
 * Console backup and restore (Settings > Backup & Restore): snapshots of the whole console taken while it
 * runs, and their restore. Offers `onRestored`: the process restarts the console on it (main.ts), since a
 * restore leaves everything the console holds in memory older than its store.
 */
import { featureModule } from '../modules/module.ts';
import { consoleBackupService, type ConsoleBackupService } from './service.ts';
import { consoleBackupRoutes } from './routes.ts';
import { restoreChannel } from './live.ts';

export const consoleBackupModule = featureModule<ConsoleBackupService, 'config' | 'store'>({
  name: 'consoleBackup',
  needs: ['config', 'store'],
  start: ({ config, store }) => {
    const service = consoleBackupService({
      db: store.db,
      dialect: store.dialect,
      dataDir: config.dataDir,
      maxBytes: config.consoleBackupMaxBytes,
    });
    return {
      offers: service,
      routes: [consoleBackupRoutes(service, config.consoleBackupMaxBytes)],
      channels: [(hub) => restoreChannel(hub, service)],
    };
  },
});
