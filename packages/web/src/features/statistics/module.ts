/** The Statistics app (desktop key 'Statistics'): telemetry indicators over time, overview or comparison. */
import { LineChartOutlined } from '@ant-design/icons';
import { defineModule } from '../../app/module.ts';
import { lazyPage } from '../../components/chunks/lazyPage.ts';

export const statisticsModule = defineModule({
  key: 'Statistics',
  route: 'statistics',
  icon: LineChartOutlined,
  color: '#1677ff',
  titleKey: 'apps.Statistics',
  element: lazyPage(() => import('./StatisticsModule.tsx')),
});
