/**
 * A Wi-Fi network with its password, for client mode: added to the saved networks, or joined at once.
 * The SSID and password follow the protocol's rules (wifiNetwork); a network picked from a scan comes
 * with its name and security filled in.
 */
import { Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { wifiNetwork, wifiSecurityModes, wifiSsidDefaults, type WifiNetwork } from '@edge/protocol';
import { schemaFieldRules } from '../../../components/schemaRules.ts';

const FIELDS = ['ssid', 'password', 'wpa'] as const;

export function WifiNetworkModal({
  title,
  initial,
  fixedSsid = false,
  onSubmit,
  onCancel,
}: {
  title: string;
  initial: Partial<WifiNetwork>;
  /** A network picked from a scan keeps the name it broadcasts. */
  fixedSsid?: boolean;
  onSubmit: (network: WifiNetwork) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<WifiNetwork>();
  const rules = schemaFieldRules(t, wifiNetwork, FIELDS, () => form.getFieldsValue(true));
  return (
    <Modal
      open
      title={title}
      onCancel={onCancel}
      onOk={() => form.submit()}
      okButtonProps={{ 'data-testid': 'wifi-network-save' }}
    >
      <Form<WifiNetwork>
        form={form}
        layout="vertical"
        initialValues={{ wpa: wifiSsidDefaults.wpa, password: '', ...initial }}
        onFinish={(values) => onSubmit({ ...initial, ...values } as WifiNetwork)}
      >
        <Form.Item name="ssid" label={t('deviceSettings.wifi.ssid')} rules={rules.ssid}>
          <Input disabled={fixedSsid} data-testid="wifi-network-ssid" />
        </Form.Item>
        <Form.Item name="password" label={t('deviceSettings.wifi.password')} rules={rules.password}>
          <Input.Password data-testid="wifi-network-password" />
        </Form.Item>
        <Form.Item name="wpa" label={t('deviceSettings.wifi.security')} rules={rules.wpa}>
          <Select disabled={fixedSsid} options={wifiSecurityModes.map((m) => ({ value: m, label: m }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
