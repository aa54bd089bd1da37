/** The Auth Connect app (desktop key 'AuthConnect'): accounts for Wi-Fi hotspot and 802.1X users. */
import { SafetyOutlined } from '@ant-design/icons';
import { defineModule } from '../../app/module.ts';
import { lazyPage } from '../../components/chunks/lazyPage.ts';

export const authConnectModule = defineModule({
  key: 'AuthConnect',
  route: 'auth-connect',
  icon: SafetyOutlined,
  color: '#0e7490',
  titleKey: 'apps.AuthConnect',
  element: lazyPage(() => import('./AuthConnectModule.tsx')),
});
