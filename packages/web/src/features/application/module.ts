/** The Application app (desktop key 'Application', SPEC 2 Container app): deployed apps, app store, templates, registries. */
import { AppstoreOutlined } from '@ant-design/icons';
import { defineModule } from '../../app/module.ts';
import { lazyPage } from '../../components/chunks/lazyPage.ts';

export const applicationModule = defineModule({
  key: 'Application',
  route: 'application',
  icon: AppstoreOutlined,
  color: '#08979c',
  titleKey: 'apps.Application',
  element: lazyPage(() => import('./ApplicationModule.tsx')),
});
