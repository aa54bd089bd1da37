/**
 * The device dashboard (SPEC 2 "Dashboard (device)"): edge device status, throughput (Mbps, Tx/Rx),
 * hostname, access time, wired and Wi-Fi clients, Ethernet ports with their status, PoE power (current,
 * voltage, watt, or the request to plug in the DC power line), uptime, CPU cores/usage/temperature, memory,
 * disk, fan speed, connected devices, interfaces, container apps, and rx/tx charts for ethernet, control
 * plane and data plane. Everything follows the device live (the page subscribes to its snapshots).
 */
import { useState, type ReactNode } from 'react';
import { Alert, Button, Card, Col, Empty, Result, Row, Space, Spin, Tooltip, Typography } from 'antd';
import {
  ArrowLeftOutlined,
  CodeOutlined,
  DesktopOutlined,
  ExportOutlined,
  PauseCircleOutlined,
  PlayCircleOutlined,
  PoweroffOutlined,
  ProfileOutlined,
  RedoOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { DeviceDashboard } from '@edge/protocol';
import { usePermission } from '../../account/permissions.ts';
import { isApiError } from '../../../api/ApiError.ts';
import { useDashboard, type DeviceAction } from '../api.ts';
import { useLiveDevice } from '../live/useLiveInventory.ts';
import { ACTION, useDeviceActions } from '../devices/useDeviceActions.ts';
import { DeviceDetailsDrawer } from '../devices/DeviceDetailsDrawer.tsx';
import { devicesPath } from '../paths.ts';
import { StatusBadge } from './StatusBadge.tsx';
import { FigureTiles, ResourceCards, PortsAndPoe } from './DashboardFigures.tsx';
import { ClientsTable, ContainersTable, InterfacesTable } from './DashboardTables.tsx';
import { TrafficChart } from './TrafficChart.tsx';
import { settingsPath } from '../../deviceSettings/paths.ts';
import { desktopPath, terminalPath } from '../../terminal/paths.ts';
import { openJumpLink, useJumpToDevice } from '../../terminal/api.ts';

const CHART_KINDS = ['ethernet', 'controlPlane', 'dataPlane'] as const;

export function DashboardPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const navigate = useNavigate();
  useLiveDevice(id);
  const { data, isLoading, error } = useDashboard(id);

  if (isLoading) return <Spin className="page-spin" size="large" />;
  if (!data) {
    const notFound = isApiError(error) && error.status === 404;
    return (
      <Result
        status={notFound ? '404' : 'error'}
        title={notFound ? t('messages.deviceNotFound') : t('messages.apiRequestError')}
        extra={
          <Button type="primary" onClick={() => navigate(devicesPath)}>
            {t('inventory.dashboard.back')}
          </Button>
        }
      />
    );
  }
  return <Dashboard dashboard={data} />;
}

function Dashboard({ dashboard }: { dashboard: DeviceDashboard }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { manage } = usePermission('Inventory');
  const actions = useDeviceActions(() => void navigate(devicesPath));
  const [details, setDetails] = useState(false);
  const jump = useJumpToDevice();
  const device = dashboard.device;

  const action = (key: Exclude<DeviceAction, 'delete'>, icon: ReactNode, danger = false) => (
    <Tooltip title={t(`inventory.actions.${key}`)}>
      <Button
        icon={icon}
        danger={danger}
        disabled={!dashboard.online && (key === ACTION.REBOOT || key === ACTION.SHUTDOWN)}
        onClick={() => void actions.run(key, device)}
        data-testid={`dashboard-${key}`}
      >
        {t(`inventory.actions.${key}`)}
      </Button>
    </Tooltip>
  );

  return (
    <div
      className="inventory-page device-dashboard"
      data-testid="device-dashboard"
      data-device-id={device.id}
    >
      <Card className="inventory-card dashboard-head">
        <div className="dashboard-head-row">
          <div className="dashboard-head-title">
            <Link to={devicesPath} className="dashboard-back" aria-label={t('inventory.dashboard.back')}>
              <ArrowLeftOutlined className="flip-rtl" />
            </Link>
            <div>
              <Typography.Title level={2} className="dashboard-name" data-testid="dashboard-name">
                {device.name}
              </Typography.Title>
              <Typography.Text type="secondary" className="dashboard-subtitle">
                <bdi>{device.modelID}</bdi> · <bdi>{device.sn}</bdi> · <bdi>{device.ip}</bdi> ·{' '}
                <bdi>{device.firmware}</bdi>
              </Typography.Text>
            </div>
            <StatusBadge status={dashboard.status} />
          </div>
          <Space wrap>
            <Button
              icon={<ProfileOutlined />}
              onClick={() => setDetails(true)}
              data-testid="dashboard-details"
            >
              {t('inventory.actions.details')}
            </Button>
            <Button
              icon={<SettingOutlined />}
              onClick={() => void navigate(settingsPath(device.id))}
              data-testid="dashboard-settings"
            >
              {t('deviceSettings.open')}
            </Button>
            <Button
              icon={<CodeOutlined />}
              onClick={() => void navigate(terminalPath(device.id))}
              data-testid="dashboard-terminal"
            >
              {t('terminal.open')}
            </Button>
            <Button
              icon={<DesktopOutlined />}
              onClick={() => void navigate(desktopPath(device.id))}
              data-testid="dashboard-desktop"
            >
              {t('terminal.desktop.open')}
            </Button>
            {manage && (
              <Button
                icon={<ExportOutlined />}
                loading={jump.isPending}
                onClick={() => jump.mutate({ id: device.id }, { onSuccess: ({ url }) => openJumpLink(url) })}
                data-testid="dashboard-jump"
              >
                {t('terminal.jump')}
              </Button>
            )}
            {manage &&
              (device.idle
                ? action(ACTION.CLEAR_IDLE, <PlayCircleOutlined />)
                : action(ACTION.SET_IDLE, <PauseCircleOutlined />))}
            {manage && action(ACTION.REBOOT, <RedoOutlined />, true)}
            {manage && action(ACTION.SHUTDOWN, <PoweroffOutlined />, true)}
          </Space>
        </div>
        {!dashboard.online && (
          <Alert
            className="dashboard-offline"
            type="warning"
            showIcon
            title={t('inventory.dashboard.offlineHint')}
          />
        )}
      </Card>

      <FigureTiles dashboard={dashboard} />
      <ResourceCards dashboard={dashboard} />
      <PortsAndPoe dashboard={dashboard} />

      <Card className="inventory-card" title={t('inventory.dashboard.traffic')}>
        <Row gutter={[20, 20]}>
          {CHART_KINDS.map((kind) => (
            <Col xs={24} lg={8} key={kind}>
              <TrafficChart
                title={t(`inventory.dashboard.trafficKinds.${kind}`)}
                points={dashboard.series.traffic[kind] ?? []}
                testId={`traffic-${kind}`}
              />
            </Col>
          ))}
        </Row>
      </Card>

      <Row gutter={[20, 20]}>
        <Col xs={24} xl={14}>
          <Card className="inventory-card" title={t('inventory.dashboard.connectedDevices')}>
            <ClientsTable clients={dashboard.connectedDevices} />
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card className="inventory-card" title={t('inventory.dashboard.interfaces')}>
            <InterfacesTable interfaces={dashboard.interfaces} />
          </Card>
        </Col>
      </Row>
      <Card className="inventory-card" title={t('inventory.dashboard.containers')}>
        {dashboard.containers.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.noData')} />
        ) : (
          <ContainersTable containers={dashboard.containers} />
        )}
      </Card>
      <DeviceDetailsDrawer device={details ? device : null} onClose={() => setDetails(false)} />
    </div>
  );
}
