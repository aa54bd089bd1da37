/**
 * Add or edit one port rule of the firewall (SPEC 3): port, protocol, action (accept or drop) and a
 * description; SSH is the rule for port 22. Checked with the protocol's firewallSection schema (ports
 * 1-65535, 'Protocol is empty.', 'Action must be selected.', a port and protocol ruled twice).
 */
import { Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  firewallActions,
  firewallProtocols,
  firewallSection,
  type FirewallRule,
  type FirewallSection,
} from '@edge/protocol';
import { RuleForm } from '../../../components/form/RuleForm.tsx';
import type { RuleFormProps } from '../../../components/table/RuleTableEditor.tsx';
import { protocolOptions } from '../ruleTable/protocolOptions.ts';

/** The key of the list in the section document. */
const LIST_KEY = 'rules';

const FIELDS = ['port', 'protocol', 'action', 'description'] as const;

/** Port, protocol and action are the user's to choose; the rule messages say so if they are left empty. */
const NEW_RULE: Partial<FirewallRule> = { description: '' };

export function FirewallRuleForm({
  doc,
  initial,
  others,
  onSave,
  onCancel,
}: RuleFormProps<FirewallRule> & { doc: FirewallSection }) {
  const { t } = useTranslation();
  return (
    <RuleForm<FirewallRule, (typeof FIELDS)[number]>
      title={t(initial ? 'deviceSettings.firewall.ruleEdit' : 'deviceSettings.firewall.ruleAdd')}
      data-testid="firewall-rule"
      section={firewallSection}
      listKey={LIST_KEY}
      others={others}
      rest={{ enabled: doc.enabled, whitelist: doc.whitelist }}
      fields={FIELDS}
      initialValues={initial ?? NEW_RULE}
      onSave={onSave}
      onCancel={onCancel}
    >
      {({ field }) => (
        <>
          {field('port', 'deviceSettings.firewall.port', <InputNumber data-testid="firewall-rule-port" />, {
            dependencies: ['protocol'],
          })}
          {field(
            'protocol',
            'deviceSettings.firewall.protocol',
            <Select data-testid="firewall-rule-protocol" options={protocolOptions(firewallProtocols)} />,
          )}
          {field(
            'action',
            'deviceSettings.firewall.action',
            <Select
              data-testid="firewall-rule-action"
              options={firewallActions.map((action) => ({
                value: action,
                label: t(`deviceSettings.firewall.actions.${action}`),
              }))}
            />,
          )}
          {field(
            'description',
            'deviceSettings.firewall.description',
            <Input data-testid="firewall-rule-description" />,
          )}
        </>
      )}
    </RuleForm>
  );
}
