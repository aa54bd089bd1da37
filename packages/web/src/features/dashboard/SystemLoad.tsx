/** The console's own load: CPU, memory and disk as gauges, and how long it has run. */
import { Progress, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ConsoleLoad } from '@edge/protocol';
import { formatBytes } from '../inventory/format.ts';
import { formatUptime } from '../inventory/uptime.ts';

const percent = (u: { total: number; used: number }) =>
  u.total > 0 ? Math.trunc((u.used / u.total) * 100) : 0;

export function SystemLoad({ load }: { load: ConsoleLoad }) {
  const { t } = useTranslation();
  const gauges = [
    {
      key: 'cpu',
      label: t('dashboard.system.cpu', { cores: load.cores }),
      value: Math.trunc(load.cpuPercent),
    },
    {
      key: 'memory',
      label: t('dashboard.system.memory', {
        used: formatBytes(t, load.memory.used),
        total: formatBytes(t, load.memory.total),
      }),
      value: percent(load.memory),
    },
    {
      key: 'disk',
      label: t('dashboard.system.disk', {
        used: formatBytes(t, load.disk.used),
        total: formatBytes(t, load.disk.total),
      }),
      value: percent(load.disk),
    },
  ];
  return (
    <div data-testid="dashboard-system">
      <Space wrap size="large" className="dashboard-gauges">
        {gauges.map((g) => (
          <div key={g.key} className="dashboard-gauge" data-testid={`dashboard-${g.key}`}>
            <Progress type="dashboard" percent={g.value} size={96} />
            <Typography.Text type="secondary">{g.label}</Typography.Text>
          </div>
        ))}
      </Space>
      <Typography.Paragraph className="dashboard-uptime" data-testid="dashboard-uptime">
        {t('dashboard.system.uptime', { uptime: formatUptime(t, load.processUptime) })}
      </Typography.Paragraph>
    </div>
  );
}
