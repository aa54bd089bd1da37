/**
 * The other Settings pages as tiles. Company and Permission are kept out of the address list (SPEC 6), so
 * this is where they are reached from; only pages the user may open are offered.
 */
import { Card } from 'antd';
import {
  BankOutlined,
  BgColorsOutlined,
  CloudSyncOutlined,
  HistoryOutlined,
  MailOutlined,
  SafetyOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { visibleChildren } from '../../app/visibleModules.ts';
import { usePermissionTree } from '../../app/useVisibleModules.ts';
import { settingsModule } from './module.ts';

const ICONS: Record<string, ComponentType> = {
  Activity: HistoryOutlined,
  Company: BankOutlined,
  Permission: SafetyOutlined,
  SMTPServer: MailOutlined,
  Branding: BgColorsOutlined,
  Upgrade: CloudSyncOutlined,
};

export function SettingsShortcuts() {
  const { t } = useTranslation();
  const tree = usePermissionTree();
  const pages = visibleChildren(settingsModule, tree).filter((c) => c.key in ICONS);
  if (pages.length === 0) return null;
  return (
    <Card size="small" className="settings-shortcuts" title={t('account.morePages')}>
      <nav className="settings-shortcut-list" aria-label={t('account.morePages')}>
        {pages.map((page) => {
          const Icon = ICONS[page.key]!;
          return (
            <Link
              key={page.key}
              to={`/desk/${settingsModule.route}/${page.route}`}
              className="settings-shortcut"
              data-testid={`settings-link-${page.key}`}
            >
              <span className="settings-shortcut-icon">
                <Icon />
              </span>
              <span>{t(page.titleKey)}</span>
            </Link>
          );
        })}
      </nav>
    </Card>
  );
}
