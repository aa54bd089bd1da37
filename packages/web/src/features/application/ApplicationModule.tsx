/**
 * Application (SPEC 2 Container app): the deployed apps of the fleet and of one device with their actions
 * and logs, the hypervisor view of a device, the app store to deploy from, the templates behind it and the registries they pull from.
 */
import { Card, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUrlTab } from './useUrlTab.ts';
import { InstalledPanel } from './InstalledPanel.tsx';
import { HypervisorPanel } from './HypervisorPanel.tsx';
import { StorePanel } from './StorePanel.tsx';
import { TemplatesPanel } from './TemplatesPanel.tsx';
import { RegistriesPanel } from './RegistriesPanel.tsx';
import { useLicence } from './api.ts';
import '../../components/page.css';
import './application.css';

const TABS = ['installed', 'hypervisor', 'store', 'templates', 'registries'] as const;

export default function ApplicationModule() {
  const { t } = useTranslation();
  const [tab, setTab] = useUrlTab(TABS);
  const licence = useLicence().data;
  return (
    <div className="application-page" data-testid="application">
      <Card size="small">
        <Tabs
          activeKey={tab}
          onChange={(key) => setTab(key as (typeof TABS)[number])}
          items={TABS.map((key) => ({ key, label: t(`application.tabs.${key}`) }))}
          tabBarExtraContent={
            licence && (
              <Typography.Text type="secondary" data-testid="container-licence">
                {t('application.licence.title')}:{' '}
                {licence.count === null
                  ? t('application.licence.unlimited', { used: licence.used })
                  : t('application.licence.limited', {
                      used: licence.used,
                      count: licence.count,
                      unused: licence.unused ?? 0,
                    })}
              </Typography.Text>
            )
          }
        />
        {tab === 'installed' && <InstalledPanel />}
        {tab === 'hypervisor' && <HypervisorPanel />}
        {tab === 'store' && <StorePanel />}
        {tab === 'templates' && <TemplatesPanel />}
        {tab === 'registries' && <RegistriesPanel />}
      </Card>
    </div>
  );
}
