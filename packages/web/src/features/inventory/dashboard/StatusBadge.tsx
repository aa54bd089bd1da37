/** The device's live status on its dashboard: a coloured dot and the translated SPEC 4 label. */
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeviceStatusLabel } from '@edge/protocol';
import { STATUS_HEX, statusTagColor } from '../status.ts';

export function StatusBadge({ status }: { status: DeviceStatusLabel }) {
  const { t } = useTranslation();
  return (
    <Tag
      className="status-badge"
      color={statusTagColor(status)}
      data-testid="device-status"
      data-status={status}
      role="status"
    >
      <span className="status-badge-dot" style={{ background: STATUS_HEX[status] }} />
      {t(`inventory.status.${status}`)}
    </Tag>
  );
}
