/**
 * Wi-Fi (SPEC 2): the radio in AP mode, its SSID table and its authentication list; SSID and password are
 * checked with the protocol rules. The blacklist lives with the client list, and client mode (saved and
 * available networks) with the WAN setting: both are linked from here.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  Button,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Radio,
  Select,
  Space,
  Switch,
  Table,
} from 'antd';
import { useTranslation } from 'react-i18next';
import {
  channelWidths,
  ssidRowOf,
  ssidRule,
  ssidVlanModeOf,
  ssidVlanModes,
  ssidVlanRule,
  wifiBands,
  wifiDefaults,
  wifiPasswordRule,
  wifiSecurityModes,
  wifiSsidDefaults,
  type SsidVlanMode,
  type WifiSection as WifiDoc,
  type WifiSsid,
  type WifiSsidRequest,
} from '@edge/protocol';
import { reject, ruleValidator } from '../../components/formRules.ts';
import { SectionFrame, type SectionContext } from './SectionFrame.tsx';
import { documentOf } from './document.ts';
import { settingsPath, wifiClientPath } from './paths.ts';
import { AuthenticationTable } from './wifi/AuthenticationTable.tsx';
import { unitText } from '../../components/unitText.ts';

const CHANNEL_WIDTH_UNIT = 'units.MHz' as const;

const CHANNELS_24 = Array.from({ length: 13 }, (_, i) => i + 1);
const CHANNELS_5 = [
  36, 40, 44, 48, 52, 56, 60, 64, 100, 104, 108, 112, 116, 120, 124, 128, 132, 136, 140, 144, 149, 153, 157,
  161, 165,
];

const SECTION = 'wifi' as const;
const AUTO = 'auto' as const;

type Radio = Omit<WifiDoc, 'list' | 'authentication'>;

type SsidFields = Omit<WifiSsidRequest, 'idx'>;

export function SsidForm({
  initial,
  onSave,
  onCancel,
}: {
  initial: Partial<WifiSsid>;
  onSave: (row: Omit<WifiSsid, 'idx'>) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SsidFields>();
  const start = { ...wifiSsidDefaults, ...initial };
  const startMode = ssidVlanModeOf(start.vid);
  const vlan = Form.useWatch('vlan', form) ?? startMode;
  // The protocol's rule of the API (wifiSsidRequest): a tagged VLAN answers with the VLAN rule's words.
  const vidValidator = (_rule: unknown, vid: unknown) => {
    const code = ssidVlanRule(form.getFieldValue('vlan') as SsidVlanMode, vid);
    return code ? reject(t, code) : Promise.resolve();
  };
  const save = (fields: SsidFields) => {
    const { idx: _idx, ...row } = ssidRowOf({ ...fields, idx: 0 });
    onSave(row);
  };
  return (
    <Modal
      open
      title={t(initial.ssid ? 'deviceSettings.wifi.editSsid' : 'deviceSettings.wifi.addSsid')}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={{ 'data-testid': 'wifi-ssid-save' }}
      onCancel={onCancel}
      onOk={() => void form.validateFields().then(save, () => undefined)}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ ...start, vlan: startMode, vid: startMode === 'tagged' ? start.vid : undefined }}
      >
        <Form.Item
          name="ssid"
          label={t('deviceSettings.wifi.ssid')}
          rules={[{ validator: ruleValidator(t, ssidRule) }]}
        >
          <Input data-testid="wifi-ssid-input" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('deviceSettings.wifi.password')}
          rules={[{ validator: ruleValidator(t, wifiPasswordRule) }]}
        >
          <Input.Password data-testid="wifi-password-input" />
        </Form.Item>
        <Form.Item name="wpa" label={t('deviceSettings.wifi.security')}>
          <Select options={wifiSecurityModes.map((m) => ({ value: m, label: m }))} />
        </Form.Item>
        <Form.Item name="vlan" label={t('deviceSettings.wifi.vlanMode')}>
          <Radio.Group
            data-testid="wifi-vlan-mode"
            options={ssidVlanModes.map((mode) => ({
              value: mode,
              label: t(`deviceSettings.wifi.vlanModes.${mode}`),
            }))}
          />
        </Form.Item>
        {vlan === 'tagged' && (
          <Form.Item
            name="vid"
            label={t('deviceSettings.wifi.vlan')}
            rules={[{ validator: vidValidator }]}
            extra={t('deviceSettings.wifi.vlanHint')}
          >
            <InputNumber data-testid="wifi-vid-input" style={{ width: '100%' }} />
          </Form.Item>
        )}
        <Form.Item name="toggle" label={t('deviceSettings.wifi.broadcast')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function WifiEditor({ deviceId, view, apply, busy }: SectionContext & { deviceId: string }) {
  const { t } = useTranslation();
  const start = documentOf<WifiDoc>(view, wifiDefaults);
  const [list, setList] = useState<WifiSsid[]>(start.list);
  const [authentication, setAuthentication] = useState(start.authentication);
  const [editing, setEditing] = useState<Partial<WifiSsid> | null>(null);
  const [form] = Form.useForm<Radio>();
  const mode = Form.useWatch('mode', form) ?? start.mode;
  const channels = mode === '5G' ? CHANNELS_5 : CHANNELS_24;

  const channelOptions = [
    { value: AUTO, label: t('deviceSettings.auto') },
    ...channels.map((c) => ({ value: c, label: String(c) })),
  ];

  const save = (row: Omit<WifiSsid, 'idx'>) => {
    setList((rows) => {
      if (editing?.idx !== undefined)
        return rows.map((r) => (r.idx === editing.idx ? { ...row, idx: r.idx } : r));
      const idx = rows.reduce((m, r) => Math.max(m, r.idx + 1), 0);
      return [...rows, { ...row, idx }];
    });
    setEditing(null);
  };

  /** A channel or width the new band does not have falls back to one it has. */
  const onValuesChange = (changed: Partial<Radio>) => {
    if (!changed.mode) return;
    const { channel, bandwidth } = form.getFieldsValue();
    const valid = changed.mode === '5G' ? CHANNELS_5 : CHANNELS_24;
    if (channel !== AUTO && !valid.includes(channel)) form.setFieldsValue({ channel: AUTO });
    if (changed.mode === '2.4G' && (bandwidth === 80 || bandwidth === 160))
      form.setFieldsValue({ bandwidth: 20 });
  };

  // Each row says what it is (untagged or a tagged VLAN), as the API asks.
  const submit = (radio: Radio) =>
    void apply('PATCH', 'wifi/setting', {
      ...radio,
      list: list.map((row) => ({ ...row, vlan: ssidVlanModeOf(row.vid) })),
      authentication,
    });

  return (
    <>
      <Form<Radio>
        form={form}
        layout="vertical"
        initialValues={{
          mode: start.mode,
          channel: start.channel,
          bandwidth: start.bandwidth,
          tx_power: start.tx_power,
        }}
        onFinish={submit}
        onValuesChange={onValuesChange}
      >
        <Space wrap size="large" align="start">
          <Form.Item name="mode" label={t('deviceSettings.wifi.mode')}>
            <Select style={{ minWidth: 120 }} options={wifiBands.map((b) => ({ value: b, label: b }))} />
          </Form.Item>
          <Form.Item name="channel" label={t('deviceSettings.wifi.channel')}>
            <Select style={{ minWidth: 120 }} options={channelOptions} />
          </Form.Item>
          <Form.Item name="bandwidth" label={t('deviceSettings.wifi.bandwidth')}>
            <Select
              style={{ minWidth: 120 }}
              options={channelWidths
                .filter((w) => mode === '5G' || (w !== 80 && w !== 160))
                .map((w) => ({
                  value: w,
                  label: w === 'auto' ? t('deviceSettings.auto') : unitText(t, CHANNEL_WIDTH_UNIT, w),
                }))}
            />
          </Form.Item>
          <Form.Item name="tx_power" label={t('deviceSettings.wifi.txPower')}>
            <InputNumber min={1} max={100} addonAfter="%" />
          </Form.Item>
        </Space>
        <Table<WifiSsid>
          size="small"
          rowKey="idx"
          pagination={false}
          dataSource={list}
          data-testid="wifi-ssid-table"
          title={() => (
            <Button data-testid="wifi-ssid-add" onClick={() => setEditing({})}>
              {t('deviceSettings.wifi.addSsid')}
            </Button>
          )}
          columns={[
            { title: t('deviceSettings.wifi.ssid'), dataIndex: 'ssid' },
            { title: t('deviceSettings.wifi.security'), dataIndex: 'wpa' },
            {
              title: t('deviceSettings.wifi.vlanMode'),
              dataIndex: 'vid',
              render: (vid: number) =>
                ssidVlanModeOf(vid) === 'tagged' ? vid : t('deviceSettings.wifi.vlanModes.untagged'),
            },
            {
              title: t('deviceSettings.wifi.broadcast'),
              render: (_, row) => (row.toggle ? t('deviceSettings.on') : t('deviceSettings.off')),
            },
            {
              title: t('deviceSettings.actions'),
              render: (_, row) => (
                <Space>
                  <Button size="small" data-testid="wifi-ssid-edit" onClick={() => setEditing(row)}>
                    {t('deviceSettings.edit')}
                  </Button>
                  <Popconfirm
                    title={t('deviceSettings.wifi.deleteConfirm')}
                    okText={t('common.ok')}
                    cancelText={t('common.cancel')}
                    onConfirm={() => setList((rows) => rows.filter((r) => r.idx !== row.idx))}
                  >
                    <Button size="small" danger>
                      {t('deviceSettings.delete')}
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
        <div style={{ marginTop: 16 }}>
          <AuthenticationTable rows={authentication} onChange={setAuthentication} doc={{ ...start, list }} />
        </div>
        <Space style={{ marginTop: 16 }} wrap>
          <Link to={settingsPath(deviceId, 'clients')} data-testid="wifi-blacklist-link">
            {t('deviceSettings.wifi.blacklistLink')}
          </Link>
          <Link to={wifiClientPath(deviceId)} data-testid="wifi-networks-link">
            {t('deviceSettings.wifi.networksLink')}
          </Link>
        </Space>
        <Button
          type="primary"
          htmlType="submit"
          loading={busy}
          data-testid="wifi-apply"
          style={{ marginTop: 16, display: 'block' }}
        >
          {t('deviceSettings.apply.button')}
        </Button>
      </Form>
      {editing && <SsidForm initial={editing} onSave={save} onCancel={() => setEditing(null)} />}
    </>
  );
}

export function WifiSection({ deviceId }: { deviceId: string }) {
  return (
    <SectionFrame deviceId={deviceId} section={SECTION}>
      {(context) => <WifiEditor key={context.view.desiredVersion} deviceId={deviceId} {...context} />}
    </SectionFrame>
  );
}
