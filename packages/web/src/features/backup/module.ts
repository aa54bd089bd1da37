/** The Backup app (desktop key 'Backup'): device backups, history, upload, restore, factory default. */
import { CloudServerOutlined } from '@ant-design/icons';
import { defineModule } from '../../app/module.ts';
import { lazyPage } from '../../components/chunks/lazyPage.ts';

export const backupModule = defineModule({
  key: 'Backup',
  route: 'backup',
  icon: CloudServerOutlined,
  color: '#0e7490',
  titleKey: 'apps.Backup',
  element: lazyPage(() => import('./BackupModule.tsx')),
});
