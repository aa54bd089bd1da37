/**
 * Device details (SPEC 3 Device: id, iGWSHeartBeatID, modelID, name, deviceName, status, upTime, latitude,
 * longitude, plus what the inventory knows) and the SPEC 4 secure mode setting. The row is the live one.
 */
import { useState } from 'react';
import { Alert, Button, Descriptions, Drawer, Select, Space, Tag, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { secureModes, type DeviceRow, type SecureMode } from '@edge/protocol';
import { dateTimeCell, dateTimeSecondsCell } from '../../../components/tableCells.tsx';
import { useConfirmAct } from '../../../components/useConfirmAct.ts';
import { usePermission } from '../../account/permissions.ts';
import { useAssignGroup, useGroups, useSetSecureMode } from '../api.ts';
import { serverText } from '../serverText.ts';
import { StatusTag } from '../StatusTag.tsx';
import { formatUptime } from '../uptime.ts';
import { dashboardPath } from '../paths.ts';

const NO_GROUP = '';
const STATUS_ID = 'details-status';

export function DeviceDetailsDrawer({ device, onClose }: { device: DeviceRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={device !== null}
      onClose={onClose}
      size={520}
      title={t('inventory.details.title')}
      destroyOnHidden
      data-testid="device-details"
      extra={
        device && (
          <Link to={dashboardPath(device.id)}>
            <Button type="primary">{t('inventory.details.openDashboard')}</Button>
          </Link>
        )
      }
    >
      {device && <DeviceDetails device={device} />}
    </Drawer>
  );
}

export function DeviceDetails({ device }: { device: DeviceRow }) {
  const { t } = useTranslation();
  const none = <span className="muted">{t('inventory.notAvailable')}</span>;
  const text = (v: string | number | null | undefined) =>
    v === null || v === undefined || v === '' ? none : <bdi>{v}</bdi>;

  return (
    <div className="settings-stack">
      <Descriptions column={1} size="small" bordered className="device-details">
        <Descriptions.Item label={t('inventory.details.name')}>{device.name}</Descriptions.Item>
        <Descriptions.Item label={t('inventory.details.deviceName')}>
          {text(device.deviceName)}
        </Descriptions.Item>
        <Descriptions.Item label={t('inventory.details.status')}>
          <StatusTag status={device.status} testId={STATUS_ID} />
        </Descriptions.Item>
        <Descriptions.Item label={t('inventory.details.id')}>
          <code>{device.id}</code>
        </Descriptions.Item>
        <Descriptions.Item label={t('inventory.details.iGWSHeartBeatID')}>
          <code>{device.iGWSHeartBeatID}</code>
        </Descriptions.Item>
        <Descriptions.Item label={t('inventory.details.modelID')}>{text(device.modelID)}</Descriptions.Item>
        <Descriptions.Item label={t('inventory.details.sn')}>{text(device.sn)}</Descriptions.Item>
        <Descriptions.Item label={t('inventory.details.firmware')}>{text(device.firmware)}</Descriptions.Item>
        <Descriptions.Item label={t('inventory.details.upTime')}>
          {device.online ? formatUptime(t, device.upTime) : none}
        </Descriptions.Item>
        <Descriptions.Item label={t('inventory.details.ip')}>{text(device.ip)}</Descriptions.Item>
        <Descriptions.Item label={t('inventory.details.mac')}>{text(device.mac)}</Descriptions.Item>
        <Descriptions.Item label={t('inventory.details.imei')}>{text(device.imei)}</Descriptions.Item>
        <Descriptions.Item label={t('inventory.details.imsi')}>{text(device.imsi)}</Descriptions.Item>
        <Descriptions.Item label={t('inventory.details.latitude')}>{text(device.latitude)}</Descriptions.Item>
        <Descriptions.Item label={t('inventory.details.longitude')}>
          {text(device.longitude)}
        </Descriptions.Item>
        <Descriptions.Item label={t('inventory.details.group')}>
          <GroupField device={device} />
        </Descriptions.Item>
        <Descriptions.Item label={t('inventory.details.profile')}>{text(device.profile)}</Descriptions.Item>
        <Descriptions.Item label={t('inventory.details.reportInterval')}>
          {t('inventory.details.seconds', { count: device.reportInterval })}
        </Descriptions.Item>
        <Descriptions.Item label={t('inventory.details.lastSeen')}>
          {dateTimeSecondsCell(device.lastSeen)}
        </Descriptions.Item>
        <Descriptions.Item label={t('inventory.details.adoptedAt')}>
          {dateTimeCell(device.adoptedAt)}
        </Descriptions.Item>
        <Descriptions.Item label={t('inventory.details.alarms')}>
          {device.alarms.length === 0
            ? t('inventory.details.none')
            : device.alarms.map((a) => (
                <Tag color="red" key={a}>
                  {a}
                </Tag>
              ))}
        </Descriptions.Item>
        <Descriptions.Item label={t('inventory.details.capabilities')}>
          <Space size={[4, 4]} wrap>
            {device.capabilities.map((c) => (
              <Tag key={c}>{c}</Tag>
            ))}
          </Space>
        </Descriptions.Item>
      </Descriptions>
      <SecureModeSetting key={`${device.id}-${device.secureMode}`} device={device} />
    </div>
  );
}

function GroupField({ device }: { device: DeviceRow }) {
  const { t } = useTranslation();
  const { manage } = usePermission('Inventory');
  const { data: groups } = useGroups();
  const assign = useAssignGroup();
  const { act } = useConfirmAct();
  if (!manage) return <>{device.groupName || t('inventory.list.ungrouped')}</>;
  return (
    <Select
      className="full-width"
      value={device.groupId === null ? NO_GROUP : String(device.groupId)}
      loading={assign.isPending}
      aria-label={t('inventory.details.group')}
      options={[
        { value: NO_GROUP, label: t('inventory.groups.noGroup') },
        ...(groups ?? []).map((g) => ({ value: String(g.id), label: g.name })),
      ]}
      onChange={(v: string) =>
        void act({
          run: () =>
            assign.mutateAsync({ groupId: v === NO_GROUP ? null : Number(v), deviceIds: [device.id] }),
          done: (answer) => serverText(t, answer.message),
        })
      }
      data-testid="details-group"
    />
  );
}

function SecureModeSetting({ device }: { device: DeviceRow }) {
  const { t } = useTranslation();
  const { manage } = usePermission('Inventory');
  const { act } = useConfirmAct();
  const save = useSetSecureMode();
  const [mode, setMode] = useState<SecureMode>(device.secureMode);
  const unsupported = device.secureModeReported === 'Unsupported';

  const apply = () =>
    act({
      confirm: {
        message: t('inventory.details.confirmSecureMode', {
          name: device.name,
          mode: t(`inventory.secureMode.${mode}`),
        }),
        okText: t('inventory.details.apply'),
      },
      run: () => save.mutateAsync({ id: device.id, secureMode: mode }),
      done: (answer) => serverText(t, answer.message),
    });

  return (
    <div className="secure-mode" data-testid="secure-mode">
      <Typography.Title level={3} className="subsection-title">
        {t('inventory.details.secureMode')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('inventory.details.secureModeHint')}</Typography.Paragraph>
      <Space wrap>
        <Select<SecureMode>
          value={mode}
          className="secure-mode-select"
          disabled={!manage || unsupported}
          aria-label={t('inventory.details.secureMode')}
          onChange={setMode}
          options={secureModes.map((m) => ({
            value: m,
            label: t(`inventory.secureMode.${m}`),
            disabled: m === 'Unsupported' && !unsupported,
          }))}
          data-testid="secure-mode-select"
        />
        {manage && (
          <Button
            type="primary"
            disabled={unsupported || mode === device.secureMode}
            loading={save.isPending}
            onClick={() => void apply()}
            data-testid="secure-mode-apply"
          >
            {t('inventory.details.apply')}
          </Button>
        )}
      </Space>
      <Typography.Paragraph type="secondary" className="secure-mode-reported">
        {t('inventory.details.secureModeReported', {
          mode: t(`inventory.secureMode.${device.secureModeReported}`),
        })}
      </Typography.Paragraph>
      {device.secureModePending && (
        <Alert type="info" showIcon title={t('inventory.details.secureModePending')} />
      )}
    </div>
  );
}
