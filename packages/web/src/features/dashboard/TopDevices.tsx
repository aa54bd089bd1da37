/** A top list: the devices with the highest value, each linking to its Inventory dashboard. */
import { Empty, List, Progress } from 'antd';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { indicatorUnits, type TopDevice } from '@edge/protocol';
import { dashboardPath } from '../inventory/paths.ts';

export function TopDevices({ list, unit, testId }: { list: TopDevice[]; unit: string; testId: string }) {
  const { t } = useTranslation();
  if (!list.length) return <Empty description={t('dashboard.noDevices')} />;
  const max = Math.max(...list.map((d) => d.value), unit === indicatorUnits.cpuUsage ? 100 : 0.001);
  return (
    <List
      size="small"
      data-testid={testId}
      dataSource={list}
      renderItem={(d) => (
        <List.Item>
          <Link to={dashboardPath(d.id)} className="dashboard-top-name">
            {d.name}
          </Link>
          <Progress
            className="dashboard-top-bar"
            percent={(d.value / max) * 100}
            format={() => `${Math.round(d.value * 10) / 10} ${unit}`}
          />
        </List.Item>
      )}
    />
  );
}
