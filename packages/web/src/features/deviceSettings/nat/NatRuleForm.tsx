/**
 * Add or edit one NAT rule (SPEC 3): source subnet, description, interface, priority and action; the IP
 * version, table and chain are fixed by the device and shown only. Every field is checked with the
 * protocol's natSection schema, so the SPEC 5 words ('Source subnet must be A.B.C.D/8 to A.B.C.D/32.',
 * 'NAT interface must be selected.') show under their fields.
 */
import { Form, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { NAT_CHAIN, NAT_TABLE, natActions, natSection, type NatRule } from '@edge/protocol';
import { RuleForm } from '../ruleTable/RuleForm.tsx';
import type { RuleFormProps } from '../ruleTable/RuleTableEditor.tsx';
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
      {(rules, form) => (
        <>
          <Form.Item
            name="subnet"
            label={t('deviceSettings.nat.subnet')}
            rules={rules.subnet}
            extra={t('deviceSettings.nat.subnetHint')}
          >
            <Input data-testid="nat-subnet" />
          </Form.Item>
          <Form.Item name="description" label={t('deviceSettings.nat.description')} rules={rules.description}>
            <Input data-testid="nat-description" />
          </Form.Item>
          <Form.Item name="iface" label={t('deviceSettings.nat.iface')} rules={rules.iface}>
            <Select data-testid="nat-iface" options={ifaces} />
          </Form.Item>
          <Form.Item name="ipVersion" label={t('deviceSettings.nat.ipVersion')}>
            <Input disabled />
          </Form.Item>
          <Form.Item name="table" label={t('deviceSettings.nat.table')}>
            <Input disabled />
          </Form.Item>
          <Form.Item name="chain" label={t('deviceSettings.nat.chain')}>
            <Input disabled />
          </Form.Item>
          <Form.Item
            name="priority"
            label={t('deviceSettings.nat.priority')}
            rules={rules.priority}
            extra={t('deviceSettings.nat.priorityHint')}
          >
            <InputNumber data-testid="nat-priority" />
          </Form.Item>
          <Form.Item name="action" label={t('deviceSettings.nat.action')} rules={rules.action}>
            <Select
              data-testid="nat-action"
              options={natActions.map((action) => ({
                value: action,
                label: t(`deviceSettings.nat.actions.${action}`),
              }))}
            />
          </Form.Item>
          {/* The address SNAT rewrites to: only that action uses it. */}
          <Form.Item noStyle dependencies={['action']}>
            {() =>
              form.getFieldValue('action') === SNAT && (
                <Form.Item
                  name="snatIp"
                  label={t('deviceSettings.nat.snatIp')}
                  rules={rules.snatIp}
                  dependencies={['action']}
                >
                  <Input data-testid="nat-snat-ip" />
                </Form.Item>
              )
            }
          </Form.Item>
        </>
      )}
    </RuleForm>
  );
}
