/**
 * The Multiple WAN policy (SPEC 2): the mode (single WAN, failover, failback, load balance), the primary,
 * secondary and backup WAN, how links are checked (detection mode, ping target, latency threshold,
 * period, TTL) and, in load balance, each WAN's share. Checked with the protocol's policy schema.
 */
import { Button, Form, Input, InputNumber, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  detectionModes,
  multipleWanModes,
  multipleWanPolicy,
  numberInputRule,
  pingTargetRule,
  ttlRule,
} from '@edge/protocol';
import { ruleValidator } from '../../../components/formRules.ts';
import { schemaFieldRules } from '../../../components/schemaRules.ts';
import { NumberUnitInput, numberUnitValidator } from '../../../components/NumberUnitInput.tsx';
import type { SectionContext } from '../SectionFrame.tsx';
import { numberRuleValidator } from './numberRuleValidator.ts';
import { toPolicy, toPolicyForm, type Policy, type PolicyForm as PolicyValues } from './policyForm.ts';
import { wanOptions } from './wanOptions.ts';
import type { TKey } from '../../../i18n/keys.ts';

const WRITE_PATH = 'multipleWan/setLb';
const SELECTED_WANS = ['mode', 'primary', 'secondary', 'backup'] as const;
const TIME = 'time' as const;
const SELECT_WIDTH = { minWidth: 180 };

interface WanRole {
  name: 'primary' | 'secondary' | 'backup';
  label: TKey;
  /** The choices this one must differ from: checked again when they change. */
  dependencies: string[];
}
const WAN_ROLES: Record<WanRole['name'], WanRole> = {
  primary: { name: 'primary', label: 'deviceSettings.multipleWan.primary', dependencies: [] },
  secondary: {
    name: 'secondary',
    label: 'deviceSettings.multipleWan.secondary',
    dependencies: ['primary', 'mode'],
  },
  backup: {
    name: 'backup',
    label: 'deviceSettings.multipleWan.backup',
    dependencies: ['primary', 'secondary'],
  },
};

export function PolicyForm({
  policy,
  wans,
  apply,
  busy,
}: { policy: Policy; wans: readonly string[] } & Pick<SectionContext, 'apply' | 'busy'>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PolicyValues>();
  const mode = Form.useWatch('mode', form) ?? policy.mode;
  const rules = schemaFieldRules(t, multipleWanPolicy, SELECTED_WANS, () =>
    toPolicy({ ...toPolicyForm(policy), ...form.getFieldsValue(true) } as PolicyValues),
  );
  const numberRules = [{ validator: numberRuleValidator(t, numberInputRule) }];
  const wanRole = ({ name, label, dependencies }: WanRole) => (
    <Form.Item name={name} label={t(label)} rules={rules[name]} dependencies={dependencies}>
      <Select
        style={SELECT_WIDTH}
        data-testid={`multiple-wan-${name}`}
        options={wanOptions(t, wans, { withNone: true })}
      />
    </Form.Item>
  );

  return (
    <Form<PolicyValues>
      form={form}
      layout="vertical"
      initialValues={toPolicyForm(policy)}
      onFinish={(values) => void apply('PATCH', WRITE_PATH, toPolicy({ ...toPolicyForm(policy), ...values }))}
    >
      <Space wrap size="large" align="start">
        <Form.Item name="mode" label={t('deviceSettings.multipleWan.mode')} rules={rules.mode}>
          <Select
            style={SELECT_WIDTH}
            data-testid="multiple-wan-mode"
            options={multipleWanModes.map((m) => ({
              value: m,
              label: t(`deviceSettings.multipleWan.modes.${m}`),
            }))}
          />
        </Form.Item>
        {wanRole(WAN_ROLES.primary)}
        {mode !== 'single' && (
          <>
            {wanRole(WAN_ROLES.secondary)}
            {wanRole(WAN_ROLES.backup)}
          </>
        )}
      </Space>
      {mode === 'loadBalance' && (
        <Space wrap size="large" align="start">
          <Form.Item
            name="primaryWeight"
            label={t('deviceSettings.multipleWan.primaryWeight')}
            rules={numberRules}
          >
            <InputNumber min={1} />
          </Form.Item>
          <Form.Item
            name="secondaryWeight"
            label={t('deviceSettings.multipleWan.secondaryWeight')}
            rules={numberRules}
          >
            <InputNumber min={1} />
          </Form.Item>
        </Space>
      )}
      <Typography.Title level={3} className="subsection-title">
        {t('deviceSettings.multipleWan.detection')}
      </Typography.Title>
      <Space wrap size="large" align="start">
        <Form.Item name="detectionMode" label={t('deviceSettings.multipleWan.detectionMode')}>
          <Select
            style={SELECT_WIDTH}
            options={detectionModes.map((m) => ({
              value: m,
              label: t(`deviceSettings.multipleWan.detectionModes.${m}`),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="pingTarget"
          label={t('deviceSettings.multipleWan.pingTarget')}
          rules={[{ validator: ruleValidator(t, pingTargetRule) }]}
        >
          <Input data-testid="multiple-wan-ping-target" />
        </Form.Item>
        <Form.Item
          name="latencyThreshold"
          label={t('deviceSettings.multipleWan.latencyThreshold')}
          rules={numberRules}
        >
          <InputNumber min={1} suffix={t('deviceSettings.multipleWan.milliseconds')} />
        </Form.Item>
        <Form.Item
          name="period"
          label={t('deviceSettings.multipleWan.period')}
          rules={[{ validator: numberUnitValidator(t) }]}
        >
          <NumberUnitInput kind={TIME} />
        </Form.Item>
        <Form.Item
          name="ttl"
          label={t('deviceSettings.multipleWan.ttl')}
          rules={[{ validator: numberRuleValidator(t, ttlRule) }]}
        >
          <InputNumber min={1} max={255} />
        </Form.Item>
      </Space>
      <div>
        <Button type="primary" htmlType="submit" loading={busy} data-testid="multiple-wan-apply">
          {t('deviceSettings.apply.button')}
        </Button>
      </div>
    </Form>
  );
}
