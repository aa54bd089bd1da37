/**
 * Add or edit one authentication entry of the Wi-Fi (SPEC 2): a station allowed to join, by name and MAC.
 * Checked with the protocol's wifiSection schema ('Invalid MAC format', an empty name, a MAC listed twice).
 */
import { Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { wifiSection, type WifiAuthentication, type WifiSection } from '@edge/protocol';
import { RuleForm } from '../../../components/form/RuleForm.tsx';
import type { RuleFormProps } from '../../../components/table/RuleTableEditor.tsx';

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
      {({ field }) => (
        <>
          {field('name', 'deviceSettings.wifi.authName', <Input data-testid="wifi-auth-name" />)}
          {field('mac', 'deviceSettings.wifi.authMac', <Input data-testid="wifi-auth-mac" />)}
        </>
      )}
    </RuleForm>
  );
}
