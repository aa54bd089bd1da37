/**
 * Dashboard (SPEC 1, 2): the console's own load, device counts with the online pie (percentage truncated),
 * clients wired and Wi-Fi, devices in alarm, top devices by traffic and by CPU, all live; and the widget
 * of chosen devices. Which widgets show, and in what order, is each user's own (Customize).
 */
import { useState } from 'react';
import { Button, Card, Checkbox, Col, Drawer, Row, Space, Statistic } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  dashboardWidgets,
  indicatorUnits,
  type DashboardOverview,
  type DashboardWidget,
} from '@edge/protocol';
import { OnlinePie } from '../../components/OnlinePie.tsx';
import type { TKey } from '../../i18n/keys.ts';
import { useLayout, useLiveOverview, useSaveLayout } from './api.ts';
import { DeviceTiles } from './DeviceTiles.tsx';
import { SystemLoad } from './SystemLoad.tsx';
import { TopDevices } from './TopDevices.tsx';
import '../../components/page.css';
import './dashboard.css';

/** The top lists' unit and test id. */
const TOPS = {
  topTraffic: { unit: indicatorUnits.ethernetRxMbps, testId: 'dashboard-top-traffic' },
  topCpu: { unit: indicatorUnits.cpuUsage, testId: 'dashboard-top-cpu' },
} as const;

/** Wide widgets take the whole row. */
const WIDE: readonly DashboardWidget[] = ['deviceTiles'];

function widgetBody(widget: DashboardWidget, overview: DashboardOverview, t: (key: TKey) => string) {
  switch (widget) {
    case 'system':
      return <SystemLoad load={overview.system} />;
    case 'devices':
      return <OnlinePie numOnline={overview.devices.numOnline} numOffline={overview.devices.numOffline} />;
    case 'clients':
      return (
        <Space size="large" data-testid="dashboard-clients">
          <Statistic title={t('dashboard.clients.wired')} value={overview.clients.wired} />
          <Statistic title={t('dashboard.clients.wifi')} value={overview.clients.wifi} />
        </Space>
      );
    case 'alarms':
      return (
        <Space size="large" data-testid="dashboard-alarms">
          <Statistic title={t('dashboard.alarms.devices')} value={overview.alarms.devices} />
          <Statistic title={t('dashboard.alarms.active')} value={overview.alarms.active} />
        </Space>
      );
    case 'topTraffic':
    case 'topCpu':
      return <TopDevices list={overview[widget]} {...TOPS[widget]} />;
    case 'deviceTiles':
      return <DeviceTiles />;
  }
}

export default function DashboardModule() {
  const { t } = useTranslation();
  const overview = useLiveOverview().data;
  const layout = useLayout().data;
  const save = useSaveLayout();
  const [customizing, setCustomizing] = useState(false);
  const widgets = layout?.widgets ?? [];

  const move = (index: number, by: -1 | 1) => {
    const next = [...widgets];
    const [w] = next.splice(index, 1);
    next.splice(index + by, 0, w!);
    save.mutate({ widgets: next });
  };
  const toggle = (widget: DashboardWidget, shown: boolean) =>
    save.mutate({ widgets: shown ? [...widgets, widget] : widgets.filter((w) => w !== widget) });

  return (
    <div className="dashboard-page" data-testid="dashboard-page">
      <div className="dashboard-toolbar">
        <Button
          icon={<SettingOutlined />}
          onClick={() => setCustomizing(true)}
          data-testid="dashboard-customize"
        >
          {t('dashboard.customize')}
        </Button>
      </div>
      {overview && (
        <Row gutter={[16, 16]}>
          {widgets.map((w) => (
            <Col key={w} xs={24} lg={WIDE.includes(w) ? 24 : 12} xxl={WIDE.includes(w) ? 24 : 8}>
              <Card
                title={t(`dashboard.widgets.${w}` as TKey)}
                className="dashboard-card"
                data-testid={`widget-${w}`}
              >
                {widgetBody(w, overview, t)}
              </Card>
            </Col>
          ))}
        </Row>
      )}
      <Drawer
        open={customizing}
        onClose={() => setCustomizing(false)}
        title={t('dashboard.customize')}
        data-testid="dashboard-layout"
      >
        <ul className="dashboard-layout-list">
          {[...widgets, ...dashboardWidgets.filter((w) => !widgets.includes(w))].map((w) => {
            const index = widgets.indexOf(w);
            return (
              <li key={w}>
                <Checkbox
                  checked={index >= 0}
                  onChange={(e) => toggle(w, e.target.checked)}
                  data-testid={`layout-${w}`}
                >
                  {t(`dashboard.widgets.${w}` as TKey)}
                </Checkbox>
                {index >= 0 && (
                  <Space.Compact>
                    <Button
                      size="small"
                      icon={<ArrowUpOutlined />}
                      disabled={index === 0}
                      aria-label={t('dashboard.moveUp')}
                      onClick={() => move(index, -1)}
                    />
                    <Button
                      size="small"
                      icon={<ArrowDownOutlined />}
                      disabled={index === widgets.length - 1}
                      aria-label={t('dashboard.moveDown')}
                      onClick={() => move(index, 1)}
                    />
                  </Space.Compact>
                )}
              </li>
            );
          })}
        </ul>
      </Drawer>
    </div>
  );
}
