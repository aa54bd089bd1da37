/**
 * The Security app's overview (GET /api/v1/security/status): which protections are on, and SPEC 8's
 * 'Neither access control nor access token is enabled' when none is.
 */
import { Alert, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../i18n/messageText.ts';
import { useSecurityStatus } from './api.ts';

export function SecurityStatusBar() {
  const { t } = useTranslation();
  const { data } = useSecurityStatus();
  if (!data) return null;
  const noneEnabled = messageText(t, 'neitherAclNorToken');
  const state = (on: boolean) => (
    <Tag color={on ? 'success' : 'default'}>{on ? t('security.enabled') : t('security.disabled')}</Tag>
  );
  return (
    <div className="security-status" data-testid="security-status">
      {data.message !== null && (
        <Alert
          type="warning"
          showIcon
          className="card-alert"
          title={noneEnabled}
          data-testid="security-none-enabled"
        />
      )}
      <Space wrap size={[20, 8]} className="security-status-items">
        <span>
          {t('pages.AccessControlList')} {state(data.accessControl)}
        </span>
        <span>
          {t('pages.AdminACL')} {state(data.adminAcl)}
        </span>
        <span>
          {t('pages.AccessToken')} {state(data.accessToken)}
        </span>
      </Space>
    </div>
  );
}
