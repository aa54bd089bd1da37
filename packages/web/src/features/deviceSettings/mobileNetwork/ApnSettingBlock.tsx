/**
 * Setting and APN setting (SPEC 2): cellular on or off and the APN profile in use. The form can be filled
 * from a saved profile (quick select); Apply puts it in use, Save profile keeps it for later (both through
 * the section frame, which asks first).
 */
import { Button, Form, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApnProfile, MobileNetworkSection } from '@edge/protocol';
import type { SectionContext } from '../SectionFrame.tsx';
import { ApnProfileFields } from './ApnProfileFields.tsx';
import { QuickSelect } from './QuickSelect.tsx';
import { CALLS } from './calls.ts';

const TOGGLE = 'toggle';

interface Values extends ApnProfile {
  toggle: boolean;
}

export function ApnSettingBlock({
  doc,
  apply,
  busy,
}: { doc: MobileNetworkSection } & Omit<SectionContext, 'view'>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();

  /** Every field, also those hidden for a pnp profile (their values stay in the form's store). */
  const profileOf = (): ApnProfile => {
    const { toggle: _toggle, ...profile } = form.getFieldsValue(true) as Values;
    return profile;
  };
  const validated = (run: (profile: ApnProfile) => unknown) => () =>
    void form.validateFields().then(
      () => run(profileOf()),
      () => undefined,
    );
  const putInUse = validated((apnSetting) =>
    apply('PATCH', CALLS.apnSetting, { toggle: Boolean(form.getFieldValue(TOGGLE)), apnSetting }),
  );
  const saveForLater = validated((profile) => apply('POST', CALLS.saveProfile, profile));

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={{ toggle: doc.toggle, ...doc.apnSetting }}
      data-testid="mobile-apn-form"
    >
      <Typography.Title level={3} className="subsection-title">
        {t('deviceSettings.mobileNetwork.setting')}
      </Typography.Title>
      <Form.Item name={TOGGLE} label={t('deviceSettings.mobileNetwork.cellular')} valuePropName="checked">
        <Switch data-testid="mobile-toggle" />
      </Form.Item>
      <Typography.Title level={3} className="subsection-title">
        {t('deviceSettings.mobileNetwork.apnSetting')}
      </Typography.Title>
      <QuickSelect profiles={doc.saveProfile.apn_list} onPick={(profile) => form.setFieldsValue(profile)} />
      <ApnProfileFields form={form} />
      <Space>
        <Button type="primary" loading={busy} data-testid="mobile-apn-apply" onClick={putInUse}>
          {t('deviceSettings.apply.button')}
        </Button>
        <Button loading={busy} data-testid="mobile-apn-save" onClick={saveForLater}>
          {t('deviceSettings.mobileNetwork.saveProfile')}
        </Button>
      </Space>
    </Form>
  );
}
