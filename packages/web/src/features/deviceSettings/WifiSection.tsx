/**
 * Wi-Fi (SPEC 2): the radio in AP mode, its SSID table and its authentication list; every field is checked
 * with the protocol's Wi-Fi rules (the band's channels and widths too). The blacklist lives with the client
 * list, and client mode (saved and available networks) with the WAN setting: both are linked from here.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, Form, Input, InputNumber, Radio, Select, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  channelWidthFits,
  channelWidths,
  ssidRowOf,
  ssidVlanModeOf,
  ssidVlanModes,
  wifiBands,
  wifiChannels,
  wifiDefaults,
  wifiSection,
  wifiSecurityModes,
  wifiSsidDefaults,
  wifiSsidRequest,
  type WifiSection as WifiDoc,
  type WifiSsid,
  type WifiSsidRequest,
} from '@edge/protocol';
import { RowFormModal } from '../../components/form/RowFormModal.tsx';
import { withEmptyText } from '../../components/form/rowSchema.ts';
import { useSchemaFields } from '../../components/form/useSchemaFields.tsx';
import { RuleTableEditor } from '../../components/table/RuleTableEditor.tsx';
import { SectionFrame, type SectionContext } from './SectionFrame.tsx';
import { documentOf, VERTICAL } from './document.ts';
import { settingsPath, wifiClientPath } from './paths.ts';
import { AuthenticationTable } from './wifi/AuthenticationTable.tsx';
import { DeviceAccounts } from './wifi/DeviceAccounts.tsx';
import { unitText } from '../../components/unitText.ts';

const CHANNEL_WIDTH_UNIT = 'units.MHz' as const;

const SECTION = 'wifi' as const;
const AUTO = 'auto' as const;
const SSID_FIELDS = ['ssid', 'password', 'wpa', 'vlan', 'vid'] as const;
const SSID_TEXT = ['ssid', 'password'] as const;
const RADIO_FIELDS = ['mode', 'channel', 'bandwidth', 'tx_power'] as const;
/** The radio's own values; the whole section is checked with the SSIDs and stations beside them. */
type Radio = Omit<WifiDoc, 'list' | 'authentication'>;
/** The dialog's values: the row as the API takes it, with the VLAN choice (untagged, or a tagged VLAN). */
type SsidFields = Omit<WifiSsidRequest, 'idx'>;

/**
 * The add/edit dialog of an SSID, every field checked with the protocol's rules of the API's row
 * (wifiSsidRequest): a tagged VLAN answers with the VLAN rule's words.
 */
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
  const { field } = useSchemaFields(wifiSsidRequest, SSID_FIELDS, {
    values: () => withEmptyText({ idx: 0, ...start, ...form.getFieldsValue(true) }, SSID_TEXT),
  });
  const save = (fields: SsidFields) => {
    const { idx: _idx, ...row } = ssidRowOf({ ...fields, idx: 0 });
    onSave(row);
  };
  return (
    <RowFormModal<SsidFields>
      title={t(initial.ssid ? 'deviceSettings.wifi.editSsid' : 'deviceSettings.wifi.addSsid')}
      form={form}
      initialValues={{ ...start, vlan: startMode, vid: startMode === 'tagged' ? start.vid : undefined }}
      data-testid="wifi-ssid"
      onSave={save}
      onCancel={onCancel}
    >
      {field('ssid', 'deviceSettings.wifi.ssid', <Input data-testid="wifi-ssid-input" />)}
      {field(
        'password',
        'deviceSettings.wifi.password',
        <Input.Password data-testid="wifi-password-input" />,
      )}
      {field(
        'wpa',
        'deviceSettings.wifi.security',
        <Select options={wifiSecurityModes.map((m) => ({ value: m, label: m }))} />,
      )}
      {field(
        'vlan',
        'deviceSettings.wifi.vlanMode',
        <Radio.Group
          data-testid="wifi-vlan-mode"
          options={ssidVlanModes.map((mode) => ({
            value: mode,
            label: t(`deviceSettings.wifi.vlanModes.${mode}`),
          }))}
        />,
      )}
      {vlan === 'tagged' &&
        field(
          'vid',
          'deviceSettings.wifi.vlan',
          <InputNumber data-testid="wifi-vid-input" style={{ width: '100%' }} />,
          {
            extra: t('deviceSettings.wifi.vlanHint'),
            dependencies: ['vlan'],
          },
        )}
      {field('toggle', 'deviceSettings.wifi.broadcast', <Switch />, { valuePropName: 'checked' })}
    </RowFormModal>
  );
}

/** The next free index of the SSID table (an SSID keeps its index while it is edited). */
const nextIdx = (rows: readonly WifiSsid[]) => rows.reduce((m, r) => Math.max(m, r.idx + 1), 0);

/** `deviceId`: the device edited; none when the document is a policy profile's (no device pages to link to). */
export function WifiEditor({ deviceId, view, apply, busy }: SectionContext & { deviceId?: string }) {
  const { t } = useTranslation();
  const start = documentOf<WifiDoc>(view, wifiDefaults);
  const [list, setList] = useState<WifiSsid[]>(start.list);
  const [authentication, setAuthentication] = useState(start.authentication);
  const [form] = Form.useForm<Radio>();
  const mode = Form.useWatch('mode', form) ?? start.mode;
  const { field } = useSchemaFields(wifiSection, RADIO_FIELDS, {
    values: () => ({ ...start, ...form.getFieldsValue(true), list, authentication }),
  });

  const channelOptions = [
    { value: AUTO, label: t('deviceSettings.auto') },
    ...wifiChannels(mode).map((c) => ({ value: c, label: String(c) })),
  ];
  const widthOptions = channelWidths
    .filter((w) => channelWidthFits(mode, w))
    .map((w) => ({
      value: w,
      label: w === AUTO ? t('deviceSettings.auto') : unitText(t, CHANNEL_WIDTH_UNIT, w),
    }));

  /** A channel or width the new band does not have falls back to one it has. */
  const onValuesChange = (changed: Partial<Radio>) => {
    if (!changed.mode) return;
    const { channel, bandwidth } = form.getFieldsValue();
    if (channel !== AUTO && !wifiChannels(changed.mode).includes(channel))
      form.setFieldsValue({ channel: AUTO });
    if (!channelWidthFits(changed.mode, bandwidth)) form.setFieldsValue({ bandwidth: 20 });
  };

  // Each row says what it is (untagged or a tagged VLAN), as the API asks.
  const submit = (radio: Radio) =>
    void apply('wifi/setting', {
      ...radio,
      list: list.map((row) => ({ ...row, vlan: ssidVlanModeOf(row.vid) })),
      authentication,
    });

  return (
    <Form<Radio>
      form={form}
      layout={VERTICAL}
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
        {field(
          'mode',
          'deviceSettings.wifi.mode',
          <Select style={{ minWidth: 120 }} options={wifiBands.map((b) => ({ value: b, label: b }))} />,
        )}
        {field(
          'channel',
          'deviceSettings.wifi.channel',
          <Select style={{ minWidth: 120 }} options={channelOptions} />,
          {
            dependencies: ['mode'],
          },
        )}
        {field(
          'bandwidth',
          'deviceSettings.wifi.bandwidth',
          <Select style={{ minWidth: 120 }} options={widthOptions} />,
          {
            dependencies: ['mode'],
          },
        )}
        {field('tx_power', 'deviceSettings.wifi.txPower', <InputNumber precision={0} addonAfter="%" />)}
      </Space>
      <RuleTableEditor<WifiSsid>
        data-testid="wifi-ssid"
        rows={list}
        onChange={setList}
        addLabel={t('deviceSettings.wifi.addSsid')}
        deleteConfirm={() => t('deviceSettings.wifi.deleteConfirm')}
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
        ]}
        renderForm={({ initial, onSave, onCancel }) => (
          <SsidForm
            initial={initial ?? {}}
            onSave={(row) => onSave({ ...row, idx: initial?.idx ?? nextIdx(list) })}
            onCancel={onCancel}
          />
        )}
      />
      <div style={{ marginTop: 16 }}>
        <AuthenticationTable rows={authentication} onChange={setAuthentication} doc={{ ...start, list }} />
        <DeviceAccounts accounts={start.accounts ?? []} />
      </div>
      {deviceId && (
        <Space style={{ marginTop: 16 }} wrap>
          <Link to={settingsPath(deviceId, 'clients')} data-testid="wifi-blacklist-link">
            {t('deviceSettings.wifi.blacklistLink')}
          </Link>
          <Link to={wifiClientPath(deviceId)} data-testid="wifi-networks-link">
            {t('deviceSettings.wifi.networksLink')}
          </Link>
        </Space>
      )}
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
  );
}

export function WifiSection({ deviceId }: { deviceId: string }) {
  return (
    <SectionFrame deviceId={deviceId} section={SECTION}>
      {(context) => <WifiEditor key={context.view.desiredVersion} deviceId={deviceId} {...context} />}
    </SectionFrame>
  );
}
