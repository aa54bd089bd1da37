/**
 * A backup of every device of the bench fleet as one job (issue 22: Backup now over the whole fleet; the
 * scheduled type 6 backup of a group is the same job), measured as every fleet-wide job is
 * (job-under-load.ts): time until every device's backup file is written, and the inventory list meanwhile.
 * Each step reads the device's sections (desired and reported), asks the device for its archive, and seals
 * the file into DATA_DIR.
 */
import { BACKUP_JOB_KIND, type BackupDeviceView } from '@edge/protocol';
import type { JobUnderLoadFigure } from '../figures.ts';
import type { RunContext } from '../run-context.ts';
import { measureJobUnderLoad } from './job-under-load.ts';

export const measureBackupFanout = (ctx: RunContext): Promise<JobUnderLoadFigure> =>
  measureJobUnderLoad(ctx, {
    label: 'backup',
    kind: BACKUP_JOB_KIND,
    async start(operator) {
      const listed = await operator.get('/api/v1/backup/devices');
      if (listed.status !== 200) throw new Error(`backup/devices: HTTP ${listed.status} ${listed.body}`);
      const deviceIds = (JSON.parse(listed.body) as { list: BackupDeviceView[] }).list.map((d) => d.id);
      const started = await operator.post('/api/v1/backup/now', { deviceIds });
      if (started.status !== 200) throw new Error(`backup/now: HTTP ${started.status} ${started.body}`);
      return (JSON.parse(started.body) as { jobId: number }).jobId;
    },
  });
