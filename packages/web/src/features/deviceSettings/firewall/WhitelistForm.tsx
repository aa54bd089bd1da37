/**
 * Add or edit one whitelist entry of the firewall (SPEC 3): a source IP always let in, on every port or on
 * one, and a description. Checked with the protocol's firewallSection schema ('IP cannot be empty.',
 * A.B.C.D, ports 1-65535, an IP listed twice).
 */
import { Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { firewallSection, type FirewallSection, type WhitelistEntry } from '@edge/protocol';
import { RuleForm } from '../../../components/form/RuleForm.tsx';
import type { RuleFormProps } from '../../../components/table/RuleTableEditor.tsx';

/** The key of the list in the section document. */
const LIST_KEY = 'whitelist';

const FIELDS = ['ip', 'port', 'description'] as const;

/** No port means every port. */
const NEW_ENTRY: WhitelistEntry = { ip: '', port: null, description: '' };

export function WhitelistForm({
  doc,
  initial,
  others,
  onSave,
  onCancel,
}: RuleFormProps<WhitelistEntry> & { doc: FirewallSection }) {
  const { t } = useTranslation();
  return (
    <RuleForm<WhitelistEntry, (typeof FIELDS)[number]>
      title={t(initial ? 'deviceSettings.firewall.whitelistEdit' : 'deviceSettings.firewall.whitelistAdd')}
      data-testid="firewall-whitelist"
      section={firewallSection}
      listKey={LIST_KEY}
      others={others}
      rest={{ enabled: doc.enabled, rules: doc.rules }}
      fields={FIELDS}
      initialValues={initial ?? NEW_ENTRY}
      onSave={onSave}
      onCancel={onCancel}
    >
      {({ field }) => (
        <>
          {field('ip', 'deviceSettings.firewall.ip', <Input data-testid="firewall-whitelist-ip" />)}
          {field(
            'port',
            'deviceSettings.firewall.port',
            <InputNumber data-testid="firewall-whitelist-port" />,
            {
              extra: t('deviceSettings.firewall.portHint'),
              dependencies: ['ip'],
            },
          )}
          {field(
            'description',
            'deviceSettings.firewall.description',
            <Input data-testid="firewall-whitelist-description" />,
          )}
        </>
      )}
    </RuleForm>
  );
}
