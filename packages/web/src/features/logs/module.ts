/** The Log app (desktop key 'Log'): the fleet's and the console's log lines, filtered, exported, cleared. */
import { FileTextOutlined } from '@ant-design/icons';
import { defineModule } from '../../app/module.ts';
import { lazyPage } from '../../components/chunks/lazyPage.ts';

export const logsModule = defineModule({
  key: 'Log',
  route: 'log',
  icon: FileTextOutlined,
  color: '#5b6b7f',
  titleKey: 'apps.Log',
  element: lazyPage(() => import('./LogModule.tsx')),
});
