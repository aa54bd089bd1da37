/**
 * Add or edit one authentication entry of the Wi-Fi (SPEC 2): a station allowed to join, by name and MAC.
 * Checked with the protocol's wifiSection schema ('Invalid MAC format', an empty name, a MAC listed twice).
 */
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { wifiSection, type WifiAuthentication, type WifiSection } from '@edge/protocol';
import { RuleForm } from '../ruleTable/RuleForm.tsx';
import type { RuleFormProps } from '../ruleTable/RuleTableEditor.tsx';

/** The key of the list in the section document. */
const LIST_KEY = 'authentication';
const FIELDS = ['name', 'mac'] as const;
const NEW_ENTRY: WifiAuthentication = { name: '', mac: '' };

export function AuthenticationForm({
  doc,
  initial,
  others,
  onSave,
  onCancel,
}: RuleFormProps<WifiAuthentication> & { doc: Omit<WifiSection, 'authentication'> }) {
  const { t } = useTranslation();
  return (
    <RuleForm<WifiAuthentication, (typeof FIELDS)[number]>
      title={t(initial ? 'deviceSettings.wifi.authEdit' : 'deviceSettings.wifi.authAdd')}
      data-testid="wifi-auth"
      section={wifiSection}
      listKey={LIST_KEY}
      others={others}
      rest={doc}
      fields={FIELDS}
      initialValues={initial ?? NEW_ENTRY}
      onSave={onSave}
      onCancel={onCancel}
    >
      {(rules) => (
        <>
          <Form.Item name="name" label={t('deviceSettings.wifi.authName')} rules={rules.name}>
            <Input data-testid="wifi-auth-name" />
          </Form.Item>
          <Form.Item name="mac" label={t('deviceSettings.wifi.authMac')} rules={rules.mac}>
            <Input data-testid="wifi-auth-mac" />
          </Form.Item>
        </>
      )}
    </RuleForm>
  );
}
