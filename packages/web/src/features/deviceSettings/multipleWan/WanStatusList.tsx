/**
 * WAN link status (SPEC 4): each WAN interface as a tag in its link colour (green active, blue idle,
 * red fail) with the state's word as tooltip, and its role (active or standby).
 */
import { Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { wanLinkColours, type WanStatus } from '@edge/protocol';

export function WanStatusList({ list }: { list: WanStatus[] }) {
  const { t } = useTranslation();
  return (
    <Space wrap data-testid="wan-status">
      <Typography.Text>{t('deviceSettings.multipleWan.status')}</Typography.Text>
      {list.length === 0 && (
        <Typography.Text type="secondary">{t('deviceSettings.multipleWan.noStatus')}</Typography.Text>
      )}
      {list.map((wan) => (
        <Tooltip key={wan.iface} title={t(`deviceSettings.multipleWan.linkStates.${wan.state}`)}>
          <Tag
            color={wanLinkColours[wan.state]}
            data-testid={`wan-status-${wan.iface}`}
            data-colour={wanLinkColours[wan.state]}
            data-state={wan.state}
          >
            {wan.iface} ({t(`deviceSettings.multipleWan.roles.${wan.role}`)})
          </Tag>
        </Tooltip>
      ))}
    </Space>
  );
}
