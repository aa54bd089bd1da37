/**
 * Add or edit an event rule: name, description, events, what they are about (devices or groups or every
 * device for a device's events, the controller for the console's own, the profiles for a profile's
 * rollout: each shown once such an event is chosen), severity, hold-off, quiet hours (HH:MM to HH:MM, the
 * console's time zone) and escalation of critical messages.
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
  watches,
  type EventRuleRequest,
  type EventRuleView,
} from '@edge/protocol';
import { RowFormModal } from '../../components/form/RowFormModal.tsx';
import { useSchemaFields } from '../../components/form/useSchemaFields.tsx';
import { useConfirmAct } from '../../components/useConfirmAct.ts';
import { QuietHoursFields } from './QuietHoursFields.tsx';
import { useAddRule, useEditRule } from '../messages/api.ts';
import { useDeviceChoices } from '../diagnose/api.ts';
import { useContacts, useGroupChoices, useProfileChoices } from './api.ts';

const FIELDS = [
  'name',
  'description',
  'events',
  'deviceIds',
  'controller',
  'profileIds',
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
  controller: false,
  profileIds: [],
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
  const devices = useDeviceChoices(search).options;
  const groups = useGroupChoices().data ?? [];
  const allDevices = Form.useWatch('allDevices', form);
  const events = Form.useWatch('events', form) ?? rule?.events ?? [];
  // No event chosen yet: the devices, what most rules are about.
  const aboutDevices = events.length === 0 || watches(events, 'device');
  const aboutController = watches(events, 'controller');
  const aboutProfiles = watches(events, 'profile');
  const profiles = useProfileChoices(aboutProfiles).data ?? [];
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
      {aboutDevices && field('allDevices', 'notify.allDevices', <Switch />, { valuePropName: 'checked' })}
      {aboutDevices && !allDevices && (
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
      {aboutController &&
        field('controller', 'notify.controller', <Switch data-testid="rule-controller" />, {
          valuePropName: 'checked',
          extra: t('notify.controllerHint'),
          dependencies: ['events'],
        })}
      {aboutProfiles &&
        field(
          'profileIds',
          'notify.profiles',
          <Select mode="multiple" options={profiles} data-testid="rule-profiles" />,
          { extra: t('notify.profilesHint'), dependencies: ['events'] },
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
