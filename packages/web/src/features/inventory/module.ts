/**
 * The Inventory app (desktop key 'Inventory'): the device list with actions and details, the map, groups,
 * and each device's dashboard (/desk/inventory/devices/:id). Everything on it follows the fleet live.
 */
import { ClusterOutlined } from '@ant-design/icons';
import { defineModule } from '../../app/module.ts';
import { lazyPage } from '../../components/chunks/lazyPage.ts';

export const inventoryModule = defineModule({
  key: 'Inventory',
  route: 'inventory',
  icon: ClusterOutlined,
  color: '#1f7a5c',
  titleKey: 'apps.Inventory',
  children: [
    { key: 'Devices', route: 'devices', titleKey: 'inventory.pages.devices' },
    { key: 'Map', route: 'map', titleKey: 'inventory.pages.map' },
    { key: 'Groups', route: 'groups', titleKey: 'inventory.pages.groups' },
  ],
  element: lazyPage(() => import('./InventoryModule.tsx')),
});
