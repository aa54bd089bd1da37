/** SPEC 3 function types as the app names them; SPEC 2: the sidebar's task-type selector offers only Backup. */
import type { TKey } from '../../i18n/keys.ts';

export const TASK_TYPE_KEYS: Record<number, TKey> = {
  1: 'schedule.type.ping',
  2: 'schedule.type.speedtest',
  3: 'schedule.type.traceroute',
  4: 'schedule.type.iperf',
  5: 'schedule.type.cellScanner',
  6: 'schedule.type.backup',
};

export const BACKUP_TYPE = 6;
/** What the Create button may make: Backup, the one type the sidebar offers. */
export const CREATABLE_TYPES = [BACKUP_TYPE] as const;
