/**
 * Add or edit one NAT rule (SPEC 3): source subnet, description, interface, priority and action; the IP
 * version, table and chain are fixed by the device and shown only. Every field is checked with the
 * protocol's natSection schema, so the SPEC 5 words ('Source subnet must be A.B.C.D/8 to A.B.C.D/32.',
 * 'NAT interface must be selected.') show under their fields.
 */
import { Form, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { NAT_CHAIN, NAT_TABLE, natActions, natSection, type NatRule } from '@edge/protocol';
import { RuleForm } from '../../../components/form/RuleForm.tsx';
import type { RuleFormProps } from '../../../components/table/RuleTableEditor.tsx';
import { useWanInterfaceOptions } from '../ruleTable/useWanInterfaces.ts';

/** The key of the list in the section document. */
const LIST_KEY = 'list';

const FIELDS = ['subnet', 'description', 'iface', 'priority', 'action', 'snatIp'] as const;
const SNAT: NatRule['action'] = 'SNAT';

/** A new rule runs after the existing ones and masquerades, the usual way out to the Internet. */
export const newNatRule = (others: readonly NatRule[]): NatRule => ({
  subnet: '',
  description: '',
  iface: '',
  ipVersion: 'IPv4',
  table: NAT_TABLE,
  chain: NAT_CHAIN,
  priority: others.reduce((max, rule) => Math.max(max, rule.priority + 1), 0),
  action: 'MASQUERADE',
  snatIp: '',
});

export function NatRuleForm({
  deviceId,
  initial,
  others,
  onSave,
  onCancel,
}: RuleFormProps<NatRule> & { deviceId: string }) {
  const { t } = useTranslation();
  const ifaces = useWanInterfaceOptions(deviceId, initial?.iface);
  return (
    <RuleForm<NatRule, (typeof FIELDS)[number]>
      title={t(initial ? 'deviceSettings.nat.edit' : 'deviceSettings.nat.add')}
      data-testid="nat-rule"
      section={natSection}
      listKey={LIST_KEY}
      others={others}
      fields={FIELDS}
      initialValues={initial ?? newNatRule(others)}
      onSave={onSave}
      onCancel={onCancel}
    >
      {({ field, form }) => (
        <>
          {field('subnet', 'deviceSettings.nat.subnet', <Input data-testid="nat-subnet" />, {
            extra: t('deviceSettings.nat.subnetHint'),
          })}
          {field('description', 'deviceSettings.nat.description', <Input data-testid="nat-description" />)}
          {field('iface', 'deviceSettings.nat.iface', <Select data-testid="nat-iface" options={ifaces} />)}
          {field('ipVersion', 'deviceSettings.nat.ipVersion', <Input disabled />)}
          {field('table', 'deviceSettings.nat.table', <Input disabled />)}
          {field('chain', 'deviceSettings.nat.chain', <Input disabled />)}
          {field('priority', 'deviceSettings.nat.priority', <InputNumber data-testid="nat-priority" />, {
            extra: t('deviceSettings.nat.priorityHint'),
          })}
          {field(
            'action',
            'deviceSettings.nat.action',
            <Select
              data-testid="nat-action"
              options={natActions.map((action) => ({
                value: action,
                label: t(`deviceSettings.nat.actions.${action}`),
              }))}
            />,
          )}
          {/* The address SNAT rewrites to: only that action uses it. */}
          <Form.Item noStyle dependencies={['action']}>
            {() =>
              form.getFieldValue('action') === SNAT &&
              field('snatIp', 'deviceSettings.nat.snatIp', <Input data-testid="nat-snat-ip" />, {
                dependencies: ['action'],
              })
            }
          </Form.Item>
        </>
      )}
    </RuleForm>
  );
}
