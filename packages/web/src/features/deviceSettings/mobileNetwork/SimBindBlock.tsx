/** SIM card binding (SPEC 2): which SIM slot the modem uses; auto tries SIM 1 first, then SIM 2. */
import { Button, Form, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { settingBind, simBindModes, type MobileNetworkSection } from '@edge/protocol';
import { schemaFieldRules } from '../../../components/schemaRules.ts';
import type { SectionContext } from '../SectionFrame.tsx';
import { CALLS } from './calls.ts';

type SettingBind = MobileNetworkSection['settingBind'];

export function SimBindBlock({
  doc,
  apply,
  busy,
}: { doc: MobileNetworkSection } & Pick<SectionContext, 'apply' | 'busy'>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SettingBind>();
  const submit = (bind: SettingBind) => void apply('PATCH', CALLS.settingBind, bind);
  const rules = schemaFieldRules(t, settingBind, ['mode'], () => form.getFieldsValue(true));
  return (
    <Form<SettingBind>
      form={form}
      layout="vertical"
      initialValues={doc.settingBind}
      onFinish={submit}
      data-testid="mobile-bind-form"
    >
      <Typography.Title level={3} className="subsection-title">
        {t('deviceSettings.mobileNetwork.simBinding')}
      </Typography.Title>
      <Form.Item name="mode" label={t('deviceSettings.mobileNetwork.bindMode')} rules={rules.mode}>
        <Select
          style={{ minWidth: 200 }}
          data-testid="mobile-bind-mode"
          options={simBindModes.map((m) => ({
            value: m,
            label: t(`deviceSettings.mobileNetwork.bindModes.${m}`),
          }))}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy} data-testid="mobile-bind-apply">
        {t('deviceSettings.apply.button')}
      </Button>
    </Form>
  );
}
