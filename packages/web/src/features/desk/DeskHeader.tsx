/** The bar above the desktop and every app: brand, where you are, language, notifications, user. */
import { Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { BrandLogo } from '../branding/BrandLogo.tsx';
import { usePlatformName } from '../branding/api.ts';
import { LanguageSwitch } from '../../components/LanguageSwitch.tsx';
import { NotificationBell } from '../../components/notifications/NotificationBell.tsx';
import { HelpMenu } from '../guide/HelpMenu.tsx';
import { UserMenu } from './UserMenu.tsx';
import { CriticalBadge } from '../messages/CriticalBadge.tsx';
import { useAccountInfo } from '../account/api.ts';

const DESK = '/desk';

export function DeskHeader() {
  const { t } = useTranslation();
  const platformName = usePlatformName();
  const me = useAccountInfo().data?.id;
  return (
    <Layout.Header className="desk-header">
      {/* Named by its visible text (the platform's name); where it leads is the hover hint. */}
      <Link to={DESK} className="desk-brand" title={t('header.home')}>
        <BrandLogo markSize={28} logoHeight={28} />
        <span className="desk-brand-name">{platformName}</span>
      </Link>
      <div className="desk-header-actions">
        <LanguageSwitch variant="borderless" />
        <CriticalBadge />
        <NotificationBell userId={me} />
        <HelpMenu />
        <UserMenu />
      </div>
    </Layout.Header>
  );
}
