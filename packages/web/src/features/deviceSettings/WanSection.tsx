/** WAN Setting (SPEC 2): how each WAN interface gets its address (DHCP, PPPoE, static, Wi-Fi client) and its DNS. */
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button, Form, Input, Select, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  wanDefaults,
  wanInterface,
  wanModes,
  wifiSecurityModes,
  type WanInterface,
  type WanSection as WanDoc,
} from '@edge/protocol';
import type { RequestSchema } from '../../components/schemaRules.ts';
import { useSchemaFields } from '../../components/form/useSchemaFields.tsx';
import { SectionFrame, type SectionContext } from './SectionFrame.tsx';
import { documentOf, VERTICAL } from './document.ts';
import { WifiClientPanel } from './wan/WifiClientPanel.tsx';
import { WAN_MODE_PARAM } from './paths.ts';

/** Every field of every mode, flat, as the form holds them. */
interface WanForm {
  iface: string;
  mode: WanInterface['mode'];
  autoDns: boolean;
  dns_server_1: string;
  dns_server_2: string;
  ip: string;
  mask: string;
  gateway: string;
  username: string;
  password: string;
  auto_get_ip: boolean;
  auto_startup: boolean;
  ssid: string;
  wifiPassword: string;
  wpa: (typeof wifiSecurityModes)[number];
}

const field = (w: WanInterface, key: string): string => {
  const value = (w as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : '';
};

export function toForm(w: WanInterface): WanForm {
  return {
    iface: w.iface,
    mode: w.mode,
    autoDns: w.dns_mode === 'auto',
    dns_server_1: w.dns_server_1,
    dns_server_2: w.dns_server_2,
    ip: field(w, 'ip'),
    mask: field(w, 'mask'),
    gateway: field(w, 'gateway'),
    username: field(w, 'username'),
    password: w.mode === 'pppoe' ? w.password : '',
    auto_get_ip: w.mode === 'pppoe' ? w.auto_get_ip : true,
    auto_startup: w.mode === 'pppoe' ? w.auto_startup : true,
    ssid: field(w, 'ssid'),
    wifiPassword: w.mode === 'wifi' ? w.password : '',
    wpa: w.mode === 'wifi' ? w.wpa : 'WPA2',
  };
}

export function toInterface(f: WanForm): WanInterface {
  const base = {
    iface: f.iface,
    dns_mode: f.mode !== 'static' && f.autoDns ? ('auto' as const) : ('manual' as const),
    dns_server_1: f.dns_server_1 ?? '',
    dns_server_2: f.dns_server_2 ?? '',
  };
  switch (f.mode) {
    case 'static':
      return { ...base, mode: 'static', ip: f.ip ?? '', mask: f.mask ?? '', gateway: f.gateway ?? '' };
    case 'pppoe':
      return {
        ...base,
        mode: 'pppoe',
        username: f.username ?? '',
        password: f.password ?? '',
        auto_get_ip: f.auto_get_ip,
        ip: f.ip ?? '',
        auto_startup: f.auto_startup,
      };
    case 'wifi':
      return { ...base, mode: 'wifi', ssid: f.ssid ?? '', password: f.wifiPassword ?? '', wpa: f.wpa };
    default:
      return { ...base, mode: 'dhcp' };
  }
}

const DHCP: WanInterface = {
  iface: 'eth0',
  mode: 'dhcp',
  dns_mode: 'auto',
  dns_server_1: '',
  dns_server_2: '',
};

const SECTION = 'wan' as const;
const WRITE_PATH = 'multipleWan/setting';
const RULED_FIELDS = [
  'ip',
  'mask',
  'gateway',
  'dns_server_1',
  'dns_server_2',
  'username',
  'password',
  'ssid',
  'wifiPassword',
] as const satisfies readonly (keyof WanForm)[];

/**
 * The protocol's interface schema, its issues named as the form names its fields: the schema's `password`
 * is the form's `password` for PPPoE and `wifiPassword` for a Wi-Fi client (only one of them is shown).
 */
const wanFormSchema: RequestSchema = {
  safeParse(value) {
    const result = wanInterface.safeParse(value);
    if (result.success) return { success: true };
    const issues = result.error.issues.flatMap((issue) =>
      issue.path[0] === 'password'
        ? [issue, { ...issue, path: ['wifiPassword', ...issue.path.slice(1)] }]
        : [issue],
    );
    return { success: false, error: { issues } };
  },
};

/**
 * `deviceId`: the device edited; none when the document is a profile template's (no device to scan for
 * Wi-Fi networks: its Wi-Fi client is typed in).
 */
export function WanEditor({ view, apply, busy, deviceId }: SectionContext & { deviceId?: string }) {
  const { t } = useTranslation();
  const doc = documentOf<WanDoc>(view, wanDefaults);
  // Wi-Fi's "client mode" link opens the Wi-Fi client view: the WAN that is a Wi-Fi client, else the first
  // WAN with its connection type set to Wi-Fi (not applied until the user applies it).
  const [params] = useSearchParams();
  const wifiClient = params.get(WAN_MODE_PARAM) === 'wifi';
  const [iface, setIface] = useState(
    (wifiClient ? doc.list.find((w) => w.mode === 'wifi')?.iface : undefined) ?? doc.list[0]?.iface ?? 'eth0',
  );
  const current = doc.list.find((w) => w.iface === iface) ?? { ...DHCP, iface };
  const startMode: WanInterface['mode'] = wifiClient ? 'wifi' : current.mode;
  const [form] = Form.useForm<WanForm>();
  const mode = Form.useWatch('mode', form) ?? startMode;
  const autoDns = Form.useWatch('autoDns', form) ?? current.dns_mode === 'auto';
  const autoIp = Form.useWatch('auto_get_ip', form) ?? true;

  const { field } = useSchemaFields(wanFormSchema, RULED_FIELDS, {
    values: () => toInterface({ ...toForm(current), ...form.getFieldsValue(true) } as WanForm),
  });
  const submit = (values: WanForm) =>
    void apply(WRITE_PATH, toInterface({ ...toForm(current), ...values, iface }));
  const dnsFields = (
    <>
      {field('dns_server_1', 'deviceSettings.wan.dns1', <Input data-testid="wan-dns1" />)}
      {field('dns_server_2', 'deviceSettings.wan.dns2', <Input data-testid="wan-dns2" />)}
    </>
  );
  const checked = { valuePropName: 'checked' };

  return (
    <>
      <Form<WanForm>
        key={iface}
        form={form}
        layout={VERTICAL}
        style={{ maxWidth: 480 }}
        initialValues={{ ...toForm(current), mode: startMode }}
        onFinish={submit}
      >
        {doc.list.length > 1 && (
          <Form.Item label={t('deviceSettings.wan.interface')}>
            <Select
              value={iface}
              onChange={setIface}
              options={doc.list.map((w) => ({ value: w.iface, label: w.iface }))}
            />
          </Form.Item>
        )}
        {field(
          'mode',
          'deviceSettings.wan.mode',
          <Select
            data-testid="wan-mode"
            options={wanModes.map((m) => ({ value: m, label: t(`deviceSettings.wan.modes.${m}`) }))}
          />,
        )}
        {mode === 'static' && (
          <>
            {field('ip', 'deviceSettings.wan.ip', <Input data-testid="wan-ip" />)}
            {field('mask', 'deviceSettings.wan.netmask', <Input data-testid="wan-netmask" />)}
            {field('gateway', 'deviceSettings.wan.gateway', <Input data-testid="wan-gateway" />)}
            {dnsFields}
          </>
        )}
        {mode === 'pppoe' && (
          <>
            {field('username', 'deviceSettings.wan.username', <Input />)}
            {field('password', 'deviceSettings.wan.password', <Input.Password />)}
            {field('auto_get_ip', 'deviceSettings.wan.autoIp', <Switch />, checked)}
            {!autoIp && field('ip', 'deviceSettings.wan.ip', <Input data-testid="wan-ip" />)}
            {field('auto_startup', 'deviceSettings.wan.autoStartup', <Switch />, checked)}
          </>
        )}
        {mode === 'wifi' && (
          <>
            {field('ssid', 'deviceSettings.wifi.ssid', <Input />)}
            {field('wifiPassword', 'deviceSettings.wifi.password', <Input.Password />)}
            {field(
              'wpa',
              'deviceSettings.wifi.security',
              <Select options={wifiSecurityModes.map((m) => ({ value: m, label: m }))} />,
            )}
          </>
        )}
        {mode !== 'static' && (
          <>
            {field('autoDns', 'deviceSettings.wan.autoDns', <Switch />, checked)}
            {!autoDns && dnsFields}
          </>
        )}
        <Space>
          <Button type="primary" htmlType="submit" loading={busy} data-testid="wan-apply">
            {t('deviceSettings.apply.button')}
          </Button>
        </Space>
      </Form>
      {mode === 'wifi' && deviceId && <WifiClientPanel deviceId={deviceId} apply={apply} />}
    </>
  );
}

export function WanSection({ deviceId }: { deviceId: string }) {
  return (
    <SectionFrame deviceId={deviceId} section={SECTION}>
      {(context) => <WanEditor key={context.view.desiredVersion} deviceId={deviceId} {...context} />}
    </SectionFrame>
  );
}
