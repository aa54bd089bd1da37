/** The Notification app (desktop key 'Notification'): event rules, contacts and the notify list. */
import { NotificationOutlined } from '@ant-design/icons';
import { defineModule } from '../../app/module.ts';
import { lazyPage } from '../../components/chunks/lazyPage.ts';

export const notifyModule = defineModule({
  key: 'Notification',
  route: 'notification',
  icon: NotificationOutlined,
  color: '#d48806',
  titleKey: 'apps.Notification',
  element: lazyPage(() => import('./NotifyModule.tsx')),
});
