/** The Mission app (desktop key 'Mission'): Profile Management, the policy profiles rolled out to devices. */
import { DeploymentUnitOutlined } from '@ant-design/icons';
import { defineModule } from '../../app/module.ts';
import { lazyPage } from '../../components/chunks/lazyPage.ts';

export const missionModule = defineModule({
  key: 'Mission',
  route: 'mission',
  icon: DeploymentUnitOutlined,
  color: '#c2572b',
  titleKey: 'apps.Mission',
  children: [{ key: 'ProfileManagement', route: 'profile', titleKey: 'pages.ProfileManagement' }],
  element: lazyPage(() => import('./ProfilesModule.tsx')),
});
