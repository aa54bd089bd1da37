/** The Diagnose app (desktop key 'Diagnose'): ping, traceroute, iperf, speedtest and cell scanner on devices. */
import { MedicineBoxOutlined } from '@ant-design/icons';
import { defineModule } from '../../app/module.ts';
import { lazyPage } from '../../components/chunks/lazyPage.ts';

export const diagnoseModule = defineModule({
  key: 'Diagnose',
  route: 'diagnose',
  icon: MedicineBoxOutlined,
  color: '#d4380d',
  titleKey: 'apps.Diagnose',
  element: lazyPage(() => import('./DiagnoseModule.tsx')),
});
