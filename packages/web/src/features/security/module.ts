/** The Security app (desktop key 'Security'): access control list, API access tokens and the admin ACL. */
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { defineModule } from '../../app/module.ts';
import { lazyPage } from '../../components/chunks/lazyPage.ts';

export const securityModule = defineModule({
  key: 'Security',
  route: 'security',
  icon: SafetyCertificateOutlined,
  color: '#b7472a',
  titleKey: 'apps.Security',
  children: [
    { key: 'AccessControlList', route: 'acl', titleKey: 'pages.AccessControlList' },
    { key: 'AccessToken', route: 'tokens', titleKey: 'pages.AccessToken' },
    { key: 'AdminACL', route: 'admin-acl', titleKey: 'pages.AdminACL' },
  ],
  element: lazyPage(() => import('./SecurityModule.tsx')),
});
