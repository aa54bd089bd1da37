/**
 * The Auth Connect accounts a device checks hotspot and 802.1X users against: shown beside its Wi-Fi
 * authentication list, read-only (the Auth Connect app sets them; their passwords never reach a screen).
 */
import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WifiAccount } from '@edge/protocol';

export function DeviceAccounts({ accounts }: { accounts: readonly WifiAccount[] }) {
  const { t } = useTranslation();
  return (
    <div data-testid="wifi-accounts">
      <Typography.Title level={3} className="subsection-title">
        {t('authConnect.onDevice')}
      </Typography.Title>
      {accounts.length === 0 ? (
        <Typography.Text type="secondary">{t('authConnect.onDeviceEmpty')}</Typography.Text>
      ) : (
        <Space wrap>
          {accounts.map((a) => (
            <Tag key={a.name} data-testid={`wifi-account-${a.name}`}>
              {a.name}
            </Tag>
          ))}
        </Space>
      )}
    </div>
  );
}
