/** Secure SD-WAN, shown as OrpheLink (desktop key 'SDWAN'): sites, nodes, links, tunnel subnets and the live topology map. */
import { DeploymentUnitOutlined } from '@ant-design/icons';
import { defineModule } from '../../app/module.ts';
import { lazyPage } from '../../components/chunks/lazyPage.ts';

export const sdwanModule = defineModule({
  key: 'SDWAN',
  route: 'sdwan',
  icon: DeploymentUnitOutlined,
  color: '#3b6fd8',
  titleKey: 'apps.SDWAN',
  element: lazyPage(() => import('./SdwanModule.tsx')),
});
