/** The heading of a device's remote session page (terminal, desktop): back to the device, and the title. */
import { Button, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { dashboardPath } from '../inventory/paths.ts';

export function SessionHeading({ deviceId, title }: { deviceId: string; title: string }) {
  const { t } = useTranslation();
  return (
    <div className="terminal-heading">
      <Link to={dashboardPath(deviceId)} aria-label={t('terminal.back')}>
        <Button type="text" icon={<ArrowLeftOutlined />} tabIndex={-1} />
      </Link>
      <Typography.Title level={2}>{title}</Typography.Title>
    </div>
  );
}
