/** The restore progress live channel (key ''): the current state on subscribe, then every step. */
import { LIVE_CHANNELS, canManage } from '@edge/protocol';
import type { LiveHub } from '../live/hub.ts';
import type { ConsoleBackupService } from './service.ts';

export function restoreChannel(hub: LiveHub, service: ConsoleBackupService): () => void {
  const feed = hub.register({
    name: LIVE_CHANNELS.consoleRestore,
    need: [canManage('BackupRestore')],
    refuseKey: (key) => (key === '' ? null : 'notFound'),
    snapshot: () => service.progress(),
  });
  return service.onProgress((progress) => feed.push('', progress));
}
