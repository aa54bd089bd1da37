/**
 * The Settings app: the user's own account and account management, activity, company, permission (roles),
 * the console host's network, SMTP, platform branding, software upgrade (features/upgrade), the console's
 * backup and restore, and the interface language. Company and Permission stay out of the address list (SPEC 6); the
 * Account page links to them.
 */
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
    { key: 'Network', route: 'network', titleKey: 'pages.Network' },
    { key: 'Activity', route: 'activity', titleKey: 'pages.Activity' },
    { key: 'Company', route: 'company', titleKey: 'pages.Company' },
    { key: 'Permission', route: 'permission', titleKey: 'pages.Permission' },
    { key: 'SMTPServer', route: 'smtp', titleKey: 'pages.SMTPServer' },
    { key: 'Branding', route: 'branding', titleKey: 'pages.Branding' },
    { key: 'BackupRestore', route: 'backup', titleKey: 'pages.BackupRestore' },
    { key: 'Upgrade', route: 'upgrade', titleKey: 'pages.Upgrade' },
    { key: 'Language', route: 'language', titleKey: 'pages.Language' },
  ],
  element: lazyPage(() => import('./SettingsModule.tsx')),
});
