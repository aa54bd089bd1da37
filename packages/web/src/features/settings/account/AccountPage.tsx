/**
 * Settings > Account: the user's own profile, icon and password; their security keys; and account
 * management (the user list). The tab is kept in the address (?tab=) so it can be linked to.
 */
import { Col, Row, Tabs } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAccountInfo } from '../../account/api.ts';
import { SettingsShortcuts } from '../SettingsShortcuts.tsx';
import { UsersCard } from '../users/UsersCard.tsx';
import { ProfileCard } from './ProfileCard.tsx';
import { PasswordCard } from './PasswordCard.tsx';
import { SecurityKeysCard } from './SecurityKeysCard.tsx';

const TABS = ['me', 'keys', 'users'] as const;
type Tab = (typeof TABS)[number];

export function AccountPage() {
  const { t } = useTranslation();
  const { data: me } = useAccountInfo();
  const [params, setParams] = useSearchParams();
  if (!me) return null;
  const asked = params.get('tab');
  const tab: Tab = TABS.find((k) => k === asked) ?? 'me';

  return (
    <div className="settings-stack">
      <SettingsShortcuts />
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'me' ? {} : { tab: key }, { replace: true })}
        items={[
          {
            key: 'me',
            label: t('account.tabMe'),
            children: (
              <Row gutter={[24, 24]}>
                <Col xs={24} xl={12}>
                  <ProfileCard me={me} />
                </Col>
                <Col xs={24} xl={12}>
                  <PasswordCard />
                </Col>
              </Row>
            ),
          },
          { key: 'keys', label: t('account.tabKeys'), children: <SecurityKeysCard /> },
          { key: 'users', label: t('account.tabUsers'), children: <UsersCard /> },
        ]}
      />
    </div>
  );
}
