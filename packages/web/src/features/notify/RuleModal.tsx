/**
 * Add or edit an event rule: name, description, events, devices or groups (or every device), severity,
 * hold-off, quiet hours (HH:MM to HH:MM, the console's time zone) and escalation of critical messages.
 */
import { useState } from 'react';
import { Form, Input, InputNumber, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  ESCALATE_MINUTES,
  HOLD_OFF_MINUTES,
  eventRuleRequest,
  ruleEvents,
  severities,
  type EventRuleRequest,
  type EventRuleView,
} from '@edge/protocol';
import { RowFormModal } from '../../components/form/RowFormModal.tsx';
import { useSchemaFields } from '../../components/form/useSchemaFields.tsx';
import { useConfirmAct } from '../../components/useConfirmAct.ts';
import { QuietHoursFields } from './QuietHoursFields.tsx';
import { useAddRule, useEditRule } from '../messages/api.ts';
import { useContacts, useDeviceChoices, useGroupChoices } from './api.ts';

const FIELDS = [
  'name',
  'description',
  'events',
  'deviceIds',
  'severity',
  'holdOffMinutes',
  'quietFrom',
  'quietTo',
  'escalateMinutes',
  'escalateContactId',
] as const;

const NEW_RULE: EventRuleRequest = {
  name: '',
  description: '',
  events: [],
  allDevices: true,
  deviceIds: [],
  groupIds: [],
  severity: 'warning',
  holdOffMinutes: HOLD_OFF_MINUTES.default,
  enabled: true,
  quietFrom: '',
  quietTo: '',
  escalateMinutes: 0,
  escalateContactId: null,
};

export function RuleModal({ rule, onClose }: { rule: EventRuleView | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<EventRuleRequest>();
  const [search, setSearch] = useState('');
  const devices = useDeviceChoices(search).data ?? [];
  const groups = useGroupChoices().data ?? [];
  const allDevices = Form.useWatch('allDevices', form);
  const escalates = (Form.useWatch('escalateMinutes', form) ?? 0) > 0;
  const contacts = (useContacts().data ?? []).map((c) => ({ value: c.id, label: c.configName }));
  const add = useAddRule();
  const edit = useEditRule();
  const { act } = useConfirmAct();
  const { field } = useSchemaFields(eventRuleRequest, FIELDS, { values: () => form.getFieldsValue(true) });
  return (
    <RowFormModal<EventRuleRequest>
      title={t(rule ? 'notify.editRule' : 'notify.addRule')}
      name="rule"
      form={form}
      data-testid="rule"
      initialValues={rule ?? NEW_RULE}
      onCancel={onClose}
      onSave={(values) =>
        act({
          run: () => (rule ? edit.mutateAsync({ ...values, id: rule.id }) : add.mutateAsync(values)),
          done: t('notify.saved'),
          then: onClose,
        })
      }
    >
      {field('name', 'notify.ruleName', <Input maxLength={64} />)}
      {field('description', 'notify.description', <Input maxLength={256} />)}
      {field(
        'events',
        'notify.events',
        <Select
          mode="multiple"
          options={ruleEvents.map((e) => ({ value: e, label: t(`alertMessages.events.${e}`) }))}
          data-testid="rule-events"
        />,
      )}
      {field('allDevices', 'notify.allDevices', <Switch />, { valuePropName: 'checked' })}
      {!allDevices && (
        <>
          {field(
            'deviceIds',
            'notify.devices',
            <Select mode="multiple" showSearch filterOption={false} onSearch={setSearch} options={devices} />,
            { dependencies: ['groupIds', 'allDevices', 'events'] },
          )}
          {field('groupIds', 'notify.groups', <Select mode="multiple" options={groups} />)}
        </>
      )}
      {field(
        'severity',
        'alertMessages.severityLabel',
        <Select options={severities.map((s) => ({ value: s, label: t(`alertMessages.severity.${s}`) }))} />,
        { dependencies: ['escalateMinutes'] },
      )}
      {field(
        'holdOffMinutes',
        'notify.holdOff',
        <InputNumber min={HOLD_OFF_MINUTES.min} max={HOLD_OFF_MINUTES.max} />,
        { extra: t('notify.holdOffHint') },
      )}
      <QuietHoursFields field={field} hint={t('notify.quietHint')} />
      {field(
        'escalateMinutes',
        'notify.escalateMinutes',
        <InputNumber min={ESCALATE_MINUTES.min} max={ESCALATE_MINUTES.max} />,
        { extra: t('notify.escalateHint') },
      )}
      {escalates &&
        field(
          'escalateContactId',
          'notify.escalateContact',
          <Select options={contacts} allowClear data-testid="rule-escalate-contact" />,
          { dependencies: ['escalateMinutes'] },
        )}
      {field('enabled', 'notify.enabled', <Switch />, { valuePropName: 'checked' })}
    </RowFormModal>
  );
}
