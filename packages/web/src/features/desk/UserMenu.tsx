/** The signed-in user in the header: switch user (to /login) and log out (after confirmation). */
import { Avatar, Button, Dropdown, Tooltip } from 'antd';
import { LogoutOutlined, SwapOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useConfirm } from '../../components/useConfirm.tsx';
import { useAccountInfo } from '../account/api.ts';
import { useLogout } from '../auth/api.ts';

const SWITCH_USER = '/login';
const HOME = '/';

export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: me } = useAccountInfo();
  const logout = useLogout();
  const { confirmThen } = useConfirm();

  const signOut = () =>
    confirmThen({ message: 'confirmLogout', kind: 'warning', okText: t('auth.logout') }, async () => {
      await logout.mutateAsync().catch(() => undefined);
      await navigate(HOME, { replace: true });
    });

  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            {
              key: 'switch',
              icon: <SwapOutlined />,
              label: t('auth.switchUser'),
              onClick: () => void navigate(SWITCH_USER),
            },
            { type: 'divider' },
            {
              key: 'logout',
              icon: <LogoutOutlined />,
              label: t('auth.logout'),
              danger: true,
              onClick: () => void signOut(),
            },
          ],
        }}
      >
        {/* Named by the user's name it shows; what it opens is the hover hint. */}
        <Button type="text" className="user-menu" data-testid="user-menu" title={t('header.userMenu')}>
          <Avatar size="small" icon={<UserOutlined />} className="user-menu-avatar" />
          <span className="user-menu-name">{me?.name}</span>
        </Button>
      </Dropdown>
      <Tooltip title={t('auth.logout')}>
        <Button
          type="text"
          shape="circle"
          icon={<LogoutOutlined />}
          onClick={signOut}
          aria-label={t('auth.logout')}
          data-testid="logout"
        />
      </Tooltip>
    </>
  );
}
