/**
 * Settings > Upgrade (SPEC 2, 3, 4; issue 22). The console: version, system up time, last checked, live
 * data, and auto-check / auto-upgrade (frequency, time, Recommended or Latest) from a signed release feed.
 * A running console cannot replace itself, so auto-upgrade downloads and stages a release and the page
 * gives the command that unpacks it. The devices: signed agent and firmware images, their staged rollout
 * (canary share first, halted past the failure share) and the version each device reports.
 */
import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Skeleton,
  Space,
  Switch,
  Table,
  Typography,
  Upload,
} from 'antd';
import { CloudUploadOutlined, DeleteOutlined, SyncOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  upgradeFrequencies,
  upgradeTypes,
  upgradeSettings,
  upgradeVersionChoices,
  type DeviceImageView,
  type DeviceVersionRow,
  type UpgradeSettings,
} from '@edge/protocol';
import { useSchemaFields } from '../../components/form/useSchemaFields.tsx';
import { useConfirmAct } from '../../components/useConfirmAct.ts';
import { formatDate } from '../../components/DateText.tsx';
import { messageText } from '../../i18n/messageText.ts';
import { usePermission } from '../account/permissions.ts';
import { useGroups } from '../inventory/api.ts';
import { formatUptime } from '../inventory/uptime.ts';
import {
  useCheckNow,
  useDeleteImage,
  useDeviceImages,
  useDeviceVersions,
  useRollout,
  useSaveUpgradeSettings,
  useStage,
  useUpgradeInfo,
  useUploadFeed,
  useUploadImage,
} from './api.ts';

const FIELDS = ['time', 'feedUrl', 'publicKey'] as const;

/** A version ("0.1.0-dev", "1.3.1 Build 20240112") reads left to right on a right-to-left page too. */
const versionText = (v: string | null) => (v ? <bdi>{v}</bdi> : '-');
const MINUTES = 'minutes';
/** The toasts' message codes (protocol messages-upgrade.ts). */
const DONE = {
  feed: 'upgradeFeedUploaded',
  started: 'upgradeStarted',
  image: 'upgradeImageUploaded',
  deleted: 'upgradeImageDeleted',
} as const;

function ConsoleCard({ manage }: { manage: boolean }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<UpgradeSettings>();
  const { data } = useUpgradeInfo();
  const save = useSaveUpgradeSettings();
  const check = useCheckNow();
  const stage = useStage();
  const uploadFeed = useUploadFeed();
  const { act, busy } = useConfirmAct();
  const values = () => form.getFieldsValue(true) as UpgradeSettings;
  const { field } = useSchemaFields(upgradeSettings, FIELDS, { values });

  useEffect(() => {
    if (data) form.setFieldsValue(data.settings);
  }, [data, form]);

  if (!data) return <Skeleton active />;
  const submit = () =>
    act({
      confirm: { message: t('upgrade.confirmSave'), okText: t('common.save'), kind: 'info' },
      run: () => save.mutateAsync(upgradeSettings.parse(values())),
      done: messageText(t, 'upgradeSettingsSaved'),
    });
  return (
    <Card className="settings-card" title={t('upgrade.consoleTitle')} data-testid="upgrade-console">
      <Descriptions size="small" column={{ xs: 1, md: 3 }}>
        <Descriptions.Item label={t('upgrade.version')}>{versionText(data.version)}</Descriptions.Item>
        <Descriptions.Item label={t('upgrade.uptime')}>{formatUptime(t, data.uptime)}</Descriptions.Item>
        <Descriptions.Item label={t('upgrade.lastChecked')}>
          {data.lastChecked ? formatDate(data.lastChecked, MINUTES) : t('upgrade.never')}
        </Descriptions.Item>
      </Descriptions>
      {data.lastCheckError && (
        <Alert type="error" showIcon className="card-alert" title={data.lastCheckError} />
      )}
      <Typography.Title level={5}>{t('upgrade.liveData')}</Typography.Title>
      <Table
        size="small"
        pagination={false}
        rowKey="model"
        dataSource={[data.live]}
        columns={[
          { title: t('upgrade.date'), dataIndex: 'date', render: (v: string | null) => v ?? '-' },
          { title: t('upgrade.model'), dataIndex: 'model' },
          {
            title: t('upgrade.status'),
            dataIndex: 'status',
            render: (v: string) => t(`upgrade.statuses.${v as 'upToDate'}`),
          },
          { title: t('upgrade.uptime'), dataIndex: 'uptime', render: (v: number) => formatUptime(t, v) },
          { title: t('upgrade.version'), dataIndex: 'version', render: versionText },
        ]}
      />
      {data.available && !data.staged && (
        <Alert
          type="info"
          showIcon
          className="card-alert"
          title={t('upgrade.available', { version: data.available.version })}
          description={t('upgrade.inPlaceNote')}
        />
      )}
      {data.staged && (
        <Alert
          type="success"
          showIcon
          className="card-alert"
          title={t('upgrade.staged', { version: data.staged.version })}
          description={
            <>
              <p>{t('upgrade.inPlaceNote')}</p>
              <Typography.Text code copyable data-testid="upgrade-switch-command">
                {data.staged.command}
              </Typography.Text>
            </>
          }
        />
      )}
      <Form
        form={form}
        name="upgrade"
        layout="vertical"
        requiredMark={false}
        disabled={!manage}
        onFinish={() => void submit()}
        data-testid="upgrade-form"
      >
        <Space wrap size="large">
          <Form.Item name="type" label={t('upgrade.type')}>
            <Select
              options={upgradeTypes.map((v) => ({ value: v, label: t('upgrade.live') }))}
              className="select-medium"
            />
          </Form.Item>
          <Form.Item name="autoCheck" label={t('upgrade.autoCheck')} valuePropName="checked">
            <Switch data-testid="upgrade-auto-check" />
          </Form.Item>
          <Form.Item name="autoUpgrade" label={t('upgrade.autoUpgrade')} valuePropName="checked">
            <Switch data-testid="upgrade-auto-upgrade" />
          </Form.Item>
          <Form.Item name="frequency" label={t('upgrade.frequency')}>
            <Select
              className="select-medium"
              data-testid="upgrade-frequency"
              options={upgradeFrequencies.map((f) => ({ value: f, label: t(`upgrade.frequencies.${f}`) }))}
            />
          </Form.Item>
          {field('time', 'upgrade.time', <Input placeholder="HH:mm" className="select-medium" />)}
          <Form.Item name="version" label={t('upgrade.versionChoice')}>
            <Select
              className="select-medium"
              options={upgradeVersionChoices.map((v) => ({ value: v, label: t(`upgrade.versions.${v}`) }))}
            />
          </Form.Item>
        </Space>
        {field('feedUrl', 'upgrade.feedUrl', <Input placeholder="https://" dir="ltr" />, {
          extra: t('upgrade.feedHint'),
        })}
        {field('publicKey', 'upgrade.publicKey', <Input.TextArea rows={3} spellCheck={false} dir="ltr" />, {
          extra: t('upgrade.publicKeyHint'),
        })}
        {manage && (
          <Space wrap>
            <Button type="primary" htmlType="submit" loading={busy} data-testid="upgrade-save">
              {t('common.save')}
            </Button>
            <Button
              icon={<SyncOutlined />}
              loading={check.isPending}
              onClick={() => void act({ run: () => check.mutateAsync(undefined) })}
              data-testid="upgrade-check"
            >
              {t('upgrade.checkNow')}
            </Button>
            <Upload
              accept=".json,.feed"
              showUploadList={false}
              beforeUpload={(file) => {
                void act({
                  run: () => uploadFeed.mutateAsync(file),
                  done: messageText(t, DONE.feed),
                });
                return false;
              }}
            >
              <Button icon={<CloudUploadOutlined />}>{t('upgrade.uploadFeed')}</Button>
            </Upload>
            {data.available && (
              <Button
                loading={stage.isPending}
                onClick={() => void act({ run: () => stage.mutateAsync(undefined) })}
              >
                {t('upgrade.stage')}
              </Button>
            )}
          </Space>
        )}
      </Form>
    </Card>
  );
}

function RolloutModal({ image, onClose }: { image: DeviceImageView | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { data: devices = [] } = useDeviceVersions();
  const rollout = useRollout();
  const { act, busy } = useConfirmAct();
  const groups = useGroups().data ?? [];
  const [deviceIds, setDeviceIds] = useState<string[]>([]);
  const [groupId, setGroupId] = useState<number | undefined>();
  const [canary, setCanary] = useState(10);
  const [maxFailed, setMaxFailed] = useState(20);
  if (!image) return null;
  const fits = devices.filter((d) => image.model === '*' || d.model === image.model);
  return (
    <Modal
      open
      title={t('upgrade.rolloutTitle', { version: image.version })}
      onCancel={onClose}
      okButtonProps={{
        disabled: deviceIds.length === 0 && groupId === undefined,
        loading: busy,
        'data-testid': 'upgrade-rollout-start',
      }}
      onOk={() =>
        void act({
          run: () =>
            rollout.mutateAsync({
              imageId: image.id,
              deviceIds,
              ...(groupId !== undefined && { groupId }),
              canaryShare: canary / 100,
              maxFailedShare: maxFailed / 100,
            }),
          done: messageText(t, DONE.started),
          then: onClose,
        })
      }
    >
      <Form layout="vertical">
        <Form.Item label={t('upgrade.devices')}>
          <Select
            mode="multiple"
            value={deviceIds}
            onChange={setDeviceIds}
            options={fits.map((d) => ({ value: d.deviceId, label: `${d.name} (${d.serial})` }))}
            data-testid="upgrade-rollout-devices"
          />
        </Form.Item>
        {/* A group is taken as it is when the job starts: those of its devices the image is made for. */}
        <Form.Item label={t('upgrade.group')} extra={t('upgrade.groupHelp')}>
          <Select
            allowClear
            value={groupId}
            onChange={(id?: number) => setGroupId(id)}
            options={groups.map((g) => ({ value: g.id, label: g.name }))}
            data-testid="upgrade-rollout-group"
          />
        </Form.Item>
        <Space>
          <Form.Item label={t('upgrade.canaryShare')}>
            <InputNumber min={0} max={100} value={canary} onChange={(v) => setCanary(v ?? 0)} suffix="%" />
          </Form.Item>
          <Form.Item label={t('upgrade.maxFailedShare')}>
            <InputNumber
              min={0}
              max={100}
              value={maxFailed}
              onChange={(v) => setMaxFailed(v ?? 0)}
              suffix="%"
            />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}

function DevicesCard({ manage }: { manage: boolean }) {
  const { t } = useTranslation();
  const { data: images = [] } = useDeviceImages();
  const { data: versions = [] } = useDeviceVersions();
  const upload = useUploadImage();
  const remove = useDeleteImage();
  const { act } = useConfirmAct();
  const [target, setTarget] = useState<DeviceImageView | null>(null);
  return (
    <Card className="settings-card" title={t('upgrade.devicesTitle')} data-testid="upgrade-devices">
      {manage && (
        <Upload
          accept=".img"
          showUploadList={false}
          beforeUpload={(file) => {
            void act({ run: () => upload.mutateAsync(file), done: messageText(t, DONE.image) });
            return false;
          }}
        >
          <Button icon={<CloudUploadOutlined />} data-testid="upgrade-image-upload">
            {t('upgrade.uploadImage')}
          </Button>
        </Upload>
      )}
      <Table<DeviceImageView>
        size="small"
        rowKey="id"
        dataSource={images}
        pagination={false}
        data-testid="upgrade-images"
        columns={[
          {
            title: t('upgrade.kind'),
            dataIndex: 'kind',
            render: (v: string) => t(`upgrade.kinds.${v as 'agent'}`),
          },
          {
            title: t('upgrade.model'),
            dataIndex: 'model',
            render: (v: string) => (v === '*' ? t('upgrade.anyModel') : v),
          },
          { title: t('upgrade.version'), dataIndex: 'version', render: versionText },
          {
            title: t('upgrade.uploaded'),
            dataIndex: 'uploadedAt',
            render: (v: number) => formatDate(v, MINUTES),
          },
          {
            title: '',
            key: 'actions',
            render: (_: unknown, image) =>
              manage && (
                <Space>
                  <Button
                    size="small"
                    onClick={() => setTarget(image)}
                    data-testid={`upgrade-rollout-open-${image.version}`}
                  >
                    {t('upgrade.rollout')}
                  </Button>
                  <Button
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('upgrade.confirmDelete')}
                    onClick={() =>
                      void act({
                        confirm: { message: t('upgrade.confirmDelete'), danger: true },
                        run: () => remove.mutateAsync(image.id),
                        done: messageText(t, DONE.deleted),
                      })
                    }
                  />
                </Space>
              ),
          },
        ]}
      />
      <Typography.Title level={5}>{t('upgrade.versionReport')}</Typography.Title>
      <Table<DeviceVersionRow>
        size="small"
        rowKey="deviceId"
        dataSource={versions}
        data-testid="upgrade-versions"
        columns={[
          { title: t('upgrade.device'), dataIndex: 'name' },
          { title: t('upgrade.model'), dataIndex: 'model' },
          { title: t('upgrade.firmware'), dataIndex: 'firmware', render: versionText },
          {
            title: t('upgrade.agentVersion'),
            dataIndex: 'agentVersion',
            render: versionText,
          },
          {
            title: t('upgrade.lastUpgrade'),
            dataIndex: 'state',
            render: (v: string | null) => (v ? t(`upgrade.states.${v as 'done'}`) : '-'),
          },
        ]}
      />
      <RolloutModal image={target} onClose={() => setTarget(null)} />
    </Card>
  );
}

export function UpgradePage() {
  const { manage } = usePermission('Upgrade');
  return (
    <Space direction="vertical" className="full-width">
      <ConsoleCard manage={manage} />
      <DevicesCard manage={manage} />
    </Space>
  );
}
