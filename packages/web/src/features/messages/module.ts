/** The Message app (desktop key 'Message'): what the event rules raised, read and unread, assigned to To-do. */
import { MessageOutlined } from '@ant-design/icons';
import { defineModule } from '../../app/module.ts';
import { lazyPage } from '../../components/chunks/lazyPage.ts';

export const messagesModule = defineModule({
  key: 'Message',
  route: 'messages',
  icon: MessageOutlined,
  color: '#cf1322',
  titleKey: 'apps.Message',
  element: lazyPage(() => import('./MessagesModule.tsx')),
});
