/** The Clients app (desktop key 'Clients'): every client of every device; block, unblock, unlink. */
import { TeamOutlined } from '@ant-design/icons';
import { defineModule } from '../../app/module.ts';
import { lazyPage } from '../../components/chunks/lazyPage.ts';

export const clientsModule = defineModule({
  key: 'Clients',
  route: 'clients',
  icon: TeamOutlined,
  color: '#7cb305',
  titleKey: 'apps.Clients',
  element: lazyPage(() => import('./ClientsModule.tsx')),
});
