/**
 * A Wi-Fi network with its password, for client mode: added to the saved networks, or joined at once.
 * The SSID and password follow the protocol's rules (wifiNetwork); a network picked from a scan comes
 * with its name and security filled in.
 */
import { Form, Input, Select } from 'antd';
import { wifiNetwork, wifiSecurityModes, wifiSsidDefaults, type WifiNetwork } from '@edge/protocol';
import { RowFormModal } from '../../../components/form/RowFormModal.tsx';
import { withEmptyText } from '../../../components/form/rowSchema.ts';
import { useSchemaFields } from '../../../components/form/useSchemaFields.tsx';

const FIELDS = ['ssid', 'password', 'wpa'] as const;
const TEXT = ['ssid', 'password'] as const;

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
  const [form] = Form.useForm<WifiNetwork>();
  const { field } = useSchemaFields(wifiNetwork, FIELDS, {
    values: () => withEmptyText(form.getFieldsValue(true) as WifiNetwork, TEXT),
  });
  return (
    <RowFormModal<WifiNetwork>
      title={title}
      form={form}
      initialValues={{ wpa: wifiSsidDefaults.wpa, password: '', ...initial }}
      data-testid="wifi-network"
      onSave={(values) => onSubmit({ ...initial, ...values })}
      onCancel={onCancel}
    >
      {field(
        'ssid',
        'deviceSettings.wifi.ssid',
        <Input disabled={fixedSsid} data-testid="wifi-network-ssid" />,
      )}
      {field(
        'password',
        'deviceSettings.wifi.password',
        <Input.Password data-testid="wifi-network-password" />,
      )}
      {field(
        'wpa',
        'deviceSettings.wifi.security',
        <Select disabled={fixedSsid} options={wifiSecurityModes.map((m) => ({ value: m, label: m }))} />,
      )}
    </RowFormModal>
  );
}
