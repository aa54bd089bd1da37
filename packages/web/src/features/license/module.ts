/** The License app (desktop key 'License'): licences, their devices, container licences, sales support. */
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { defineModule } from '../../app/module.ts';
import { lazyPage } from '../../components/chunks/lazyPage.ts';

export const licenseModule = defineModule({
  key: 'License',
  route: 'license',
  icon: SafetyCertificateOutlined,
  color: '#c2410c',
  titleKey: 'apps.License',
  element: lazyPage(() => import('./LicenseModule.tsx')),
});
