/** The Dashboard app (desktop key 'Dashboard'): the console's load and the fleet at a glance, live. */
import { DashboardOutlined } from '@ant-design/icons';
import { defineModule } from '../../app/module.ts';
import { lazyPage } from '../../components/chunks/lazyPage.ts';

export const dashboardModule = defineModule({
  key: 'Dashboard',
  route: 'dashboard',
  icon: DashboardOutlined,
  color: '#08979c',
  titleKey: 'apps.Dashboard',
  element: lazyPage(() => import('./DashboardModule.tsx')),
});
