/** The Settings app: the user's own account and the interface language. */
import { SettingOutlined } from '@ant-design/icons';
import { defineModule } from '../../app/module.ts';
import { lazyPage } from '../../components/chunks/lazyPage.ts';

export const settingsModule = defineModule({
  key: 'Settings',
  route: 'settings',
  icon: SettingOutlined,
  color: '#5b6b82',
  titleKey: 'apps.Settings',
  children: [
    { key: 'Account', route: 'account', titleKey: 'pages.Account' },
    { key: 'Language', route: 'language', titleKey: 'pages.Language' },
  ],
  element: lazyPage(() => import('./SettingsModule.tsx')),
});
