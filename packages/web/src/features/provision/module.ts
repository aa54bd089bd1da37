/** The Provision app (desktop key 'Provision'): Discovery (the default type), adoption, and the provisioning list (CSV). */
import { CloudUploadOutlined } from '@ant-design/icons';
import { defineModule } from '../../app/module.ts';
import { lazyPage } from '../../components/chunks/lazyPage.ts';

export const provisionModule = defineModule({
  key: 'Provision',
  route: 'provision',
  icon: CloudUploadOutlined,
  color: '#7a4fd6',
  titleKey: 'apps.Provision',
  element: lazyPage(() => import('./ProvisionModule.tsx')),
});
