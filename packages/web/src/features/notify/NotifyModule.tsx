/** Notification (SPEC 2): a tab per page the user may open (SPEC 6: NotifyList, ContactList, EventRule). */
import { Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePermissionTree } from '../../app/useVisibleModules.ts';
import { allowsIn } from '../diagnose/permissions.ts';
import { RulesTab } from './RulesTab.tsx';
import { ContactsTab } from './ContactsTab.tsx';
import { NotifyListTab } from './NotifyListTab.tsx';
import '../../components/page.css';

/** The app's pages (SPEC 6 children of Notification). */
const PAGES = { list: 'NotifyList', contacts: 'ContactList', rules: 'EventRule' } as const;

export default function NotifyModule() {
  const { t } = useTranslation();
  const may = allowsIn(usePermissionTree());
  const tabs = [
    may.view(PAGES.list) && {
      key: 'list',
      label: t('notify.notifyList'),
      children: <NotifyListTab canManage={may.manage(PAGES.list)} />,
    },
    may.view(PAGES.contacts) && {
      key: 'contacts',
      label: t('notify.contactList'),
      children: <ContactsTab canManage={may.manage(PAGES.contacts)} />,
    },
    may.view(PAGES.rules) && {
      key: 'rules',
      label: t('notify.eventRules'),
      children: <RulesTab canManage={may.manage(PAGES.rules)} />,
    },
  ].filter((tab) => tab !== false);
  return (
    <div className="page" data-testid="notify-page">
      <Typography.Title level={2} className="subsection-title">
        {t('apps.Notification')}
      </Typography.Title>
      <Tabs items={tabs} destroyOnHidden />
    </div>
  );
}
