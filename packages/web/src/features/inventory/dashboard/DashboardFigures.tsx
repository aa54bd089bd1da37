/** The figures of the device dashboard; each key figure has a test id so a browser test can watch it change. */
import type { ReactNode } from 'react';
import { Alert, Card, Col, Progress, Row, Tag, Tooltip, Typography } from 'antd';
import {
  ApiOutlined,
  ClockCircleOutlined,
  CloudServerOutlined,
  DashboardOutlined,
  SwapOutlined,
  TeamOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DeviceDashboard, EthernetPort } from '@edge/protocol';
import { dateTimeSecondsCell } from '../../../components/tableCells.tsx';
import { formatBytes, oneDecimal, percentOf } from '../format.ts';
import { LoadTag, SignalTag, StatusTag } from '../StatusTag.tsx';
import { formatUptime } from '../uptime.ts';

const STATUS_ID = 'dashboard-status';
const MEMORY_ID = 'dashboard-memory';
const DISK_ID = 'dashboard-disk';

const usageColor = (percent: number) => (percent >= 90 ? '#f5222d' : percent >= 75 ? '#faad14' : '#1677ff');

function Tile({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card className="inventory-card figure-tile" size="small">
      <div className="figure-tile-head">
        <span className="figure-tile-icon">{icon}</span>
        <span className="figure-tile-title">{title}</span>
      </div>
      <div className="figure-tile-body">{children}</div>
    </Card>
  );
}

export function FigureTiles({ dashboard }: { dashboard: DeviceDashboard }) {
  const { t } = useTranslation();
  const d = dashboard;
  return (
    <Row gutter={[16, 16]} className="figure-tiles">
      <Col xs={24} sm={12} xl={4}>
        <Tile icon={<CloudServerOutlined />} title={t('inventory.dashboard.deviceStatus')}>
          <div className="figure-main">
            <StatusTag status={d.status} testId={STATUS_ID} />
          </div>
          <div className="figure-sub">
            {t('inventory.dashboard.load')}: <LoadTag level={d.loadLevel} />
          </div>
        </Tile>
      </Col>
      <Col xs={24} sm={12} xl={5}>
        <Tile icon={<SwapOutlined />} title={t('inventory.dashboard.throughput')}>
          <div className="figure-pair">
            <span>
              <span className="figure-label">{t('inventory.dashboard.tx')}</span>
              <strong className="figure-value" data-testid="dashboard-tx">
                {t('inventory.dashboard.mbps', { value: oneDecimal(d.throughput.txMbps) })}
              </strong>
            </span>
            <span>
              <span className="figure-label">{t('inventory.dashboard.rx')}</span>
              <strong className="figure-value" data-testid="dashboard-rx">
                {t('inventory.dashboard.mbps', { value: oneDecimal(d.throughput.rxMbps) })}
              </strong>
            </span>
          </div>
        </Tile>
      </Col>
      <Col xs={24} sm={12} xl={5}>
        <Tile icon={<ApiOutlined />} title={t('inventory.dashboard.hostname')}>
          <div className="figure-main figure-text" data-testid="dashboard-hostname">
            <bdi>{d.hostname}</bdi>
          </div>
          <div className="figure-sub">
            {t('inventory.dashboard.accessTime')}:{' '}
            <span data-testid="dashboard-access-time">{dateTimeSecondsCell(d.accessTime)}</span>
          </div>
        </Tile>
      </Col>
      <Col xs={24} sm={12} xl={4}>
        <Tile icon={<TeamOutlined />} title={t('inventory.dashboard.clients')}>
          <div className="figure-pair">
            <span>
              <span className="figure-label">{t('inventory.dashboard.wired')}</span>
              <strong className="figure-value" data-testid="dashboard-clients-wired">
                {d.clients.wired}
              </strong>
            </span>
            <span>
              <span className="figure-label">{t('inventory.dashboard.wifi')}</span>
              <strong className="figure-value" data-testid="dashboard-clients-wifi">
                {d.clients.wifi}
              </strong>
            </span>
          </div>
        </Tile>
      </Col>
      <Col xs={24} sm={12} xl={6}>
        <Tile icon={<ClockCircleOutlined />} title={t('inventory.dashboard.upTime')}>
          <div className="figure-main figure-value" data-testid="dashboard-uptime" data-seconds={d.upTime}>
            {d.online ? formatUptime(t, d.upTime) : t('inventory.notAvailable')}
          </div>
          <div className="figure-sub">
            {t('inventory.dashboard.reportedAt')}:{' '}
            <span data-testid="dashboard-reported">{dateTimeSecondsCell(d.reportedAt)}</span>
          </div>
        </Tile>
      </Col>
    </Row>
  );
}

function Usage({
  title,
  testId,
  used,
  total,
}: {
  title: string;
  testId: string;
  used: number;
  total: number;
}) {
  const { t } = useTranslation();
  const percent = percentOf(used, total);
  return (
    <div className="usage" data-testid={testId}>
      <Progress
        type="dashboard"
        percent={percent}
        size={112}
        format={(p) => `${oneDecimal(p ?? 0)}%`}
        strokeColor={usageColor(percent)}
        aria-label={title}
      />
      <Typography.Text type="secondary" className="usage-text">
        {t('inventory.dashboard.usedOf', { used: formatBytes(t, used), total: formatBytes(t, total) })}
      </Typography.Text>
    </div>
  );
}

export function ResourceCards({ dashboard }: { dashboard: DeviceDashboard }) {
  const { t } = useTranslation();
  const { cpu, memory, disk, fanSpeed, signal } = dashboard;
  const none = t('inventory.notAvailable');
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} md={12} xl={6}>
        <Card className="inventory-card resource-card" title={t('inventory.dashboard.cpu')} size="small">
          <div className="usage" data-testid="dashboard-cpu-card">
            <Progress
              type="dashboard"
              percent={cpu.usage ?? 0}
              size={112}
              format={() => (
                <span data-testid="dashboard-cpu">
                  {cpu.usage === null ? none : `${oneDecimal(cpu.usage)}%`}
                </span>
              )}
              aria-label={t('inventory.dashboard.usage')}
            />
          </div>
          <dl className="facts">
            <dt>{t('inventory.dashboard.cores')}</dt>
            <dd data-testid="dashboard-cpu-cores">{cpu.cores ?? none}</dd>
            <dt>{t('inventory.dashboard.temperature')}</dt>
            <dd data-testid="dashboard-cpu-temp">
              {cpu.temperature === null
                ? none
                : t('inventory.dashboard.celsius', { value: oneDecimal(cpu.temperature) })}
            </dd>
            <dt>{t('inventory.dashboard.fanSpeed')}</dt>
            <dd data-testid="dashboard-fan">
              {fanSpeed === null
                ? t('inventory.dashboard.noFan')
                : t('inventory.dashboard.rpm', { value: Math.round(fanSpeed) })}
            </dd>
          </dl>
        </Card>
      </Col>
      <Col xs={24} md={12} xl={6}>
        <Card className="inventory-card resource-card" title={t('inventory.dashboard.memory')} size="small">
          {memory ? (
            <Usage
              title={t('inventory.dashboard.memory')}
              testId={MEMORY_ID}
              used={memory.used}
              total={memory.total}
            />
          ) : (
            <Typography.Text type="secondary">{none}</Typography.Text>
          )}
        </Card>
      </Col>
      <Col xs={24} md={12} xl={6}>
        <Card className="inventory-card resource-card" title={t('inventory.dashboard.disk')} size="small">
          {disk ? (
            <Usage
              title={t('inventory.dashboard.disk')}
              testId={DISK_ID}
              used={disk.used}
              total={disk.total}
            />
          ) : (
            <Typography.Text type="secondary">{none}</Typography.Text>
          )}
        </Card>
      </Col>
      <Col xs={24} md={12} xl={6}>
        <Card className="inventory-card resource-card" title={t('inventory.dashboard.signal')} size="small">
          {signal ? (
            <dl className="facts" data-testid="dashboard-signal">
              <dt>{t('inventory.columns.signal')}</dt>
              <dd>
                <SignalTag quality={signal.quality} /> <bdi>{signal.technology}</bdi>
              </dd>
              <dt>{t('inventory.sort.rsrp')}</dt>
              <dd>
                <bdi>{t('inventory.dashboard.dbm', { value: signal.rsrp })}</bdi>
              </dd>
              <dt>{t('inventory.sort.rsrq')}</dt>
              <dd>
                <bdi>{t('inventory.dashboard.db', { value: signal.rsrq })}</bdi>
              </dd>
              <dt>{t('inventory.sort.snr')}</dt>
              <dd>
                <bdi>{t('inventory.dashboard.db', { value: signal.snr })}</bdi>
              </dd>
              {dashboard.cellular && (
                <>
                  <dt>{t('inventory.details.imei')}</dt>
                  <dd>
                    <bdi>{dashboard.cellular.imei}</bdi>
                  </dd>
                </>
              )}
            </dl>
          ) : (
            <Typography.Text type="secondary">{none}</Typography.Text>
          )}
        </Card>
      </Col>
    </Row>
  );
}

function PortTile({ port }: { port: EthernetPort }) {
  const { t } = useTranslation();
  return (
    <Tooltip
      title={
        port.up
          ? t('inventory.dashboard.portSpeed', { speed: port.speed })
          : t('inventory.dashboard.portDown')
      }
    >
      <div
        className={`port-tile ${port.up ? 'port-up' : 'port-down'}`}
        data-testid={`port-${port.name}`}
        data-up={port.up}
      >
        <span className="port-jack" aria-hidden="true" />
        <span className="port-name">
          <bdi>{port.name}</bdi>
        </span>
        <span className="port-state">
          {port.up ? t('inventory.dashboard.portUp') : t('inventory.dashboard.portDown')}
        </span>
        {port.up && (
          <span className="port-speed">{t('inventory.dashboard.portSpeed', { speed: port.speed })}</span>
        )}
        {port.portType && <Tag className="port-type">{port.portType}</Tag>}
        {port.poe && port.poe.watt > 0 && (
          <span className="port-poe">
            <ThunderboltOutlined /> {t('inventory.dashboard.wattValue', { value: oneDecimal(port.poe.watt) })}
          </span>
        )}
      </div>
    </Tooltip>
  );
}

export function PortsAndPoe({ dashboard }: { dashboard: DeviceDashboard }) {
  const { t } = useTranslation();
  const { ethernetPorts, poe, poeNeedsDcPower } = dashboard;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={16}>
        <Card className="inventory-card" title={t('inventory.dashboard.ports')} size="small">
          {ethernetPorts.length === 0 ? (
            <Typography.Text type="secondary">{t('inventory.dashboard.noPorts')}</Typography.Text>
          ) : (
            <div className="port-grid" data-testid="dashboard-ports">
              {ethernetPorts.map((port) => (
                <PortTile key={port.name} port={port} />
              ))}
            </div>
          )}
        </Card>
      </Col>
      <Col xs={24} xl={8}>
        <Card
          className="inventory-card"
          title={
            <span>
              <DashboardOutlined /> {t('inventory.dashboard.poe')}
            </span>
          }
          size="small"
        >
          {poeNeedsDcPower && (
            <Alert
              className="poe-alert"
              type="warning"
              showIcon
              title={t('inventory.dashboard.poeNeedsDc')}
              data-testid="dashboard-poe-dc"
            />
          )}
          {poe ? (
            <div className="poe-figures" data-testid="dashboard-poe">
              <div>
                <span className="figure-label">{t('inventory.dashboard.current')}</span>
                <strong className="figure-value">
                  {t('inventory.dashboard.milliampere', { value: Math.round(poe.current) })}
                </strong>
              </div>
              <div>
                <span className="figure-label">{t('inventory.dashboard.voltage')}</span>
                <strong className="figure-value">
                  {t('inventory.dashboard.volt', { value: oneDecimal(poe.voltage) })}
                </strong>
              </div>
              <div>
                <span className="figure-label">{t('inventory.dashboard.watt')}</span>
                <strong className="figure-value">
                  {t('inventory.dashboard.wattValue', { value: oneDecimal(poe.watt) })}
                </strong>
              </div>
            </div>
          ) : (
            <Typography.Text type="secondary">{t('inventory.dashboard.noPoe')}</Typography.Text>
          )}
        </Card>
      </Col>
    </Row>
  );
}
