/** Settings, General (SPEC 2): the device name. */
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { deviceNameRule, generalDefaults, type GeneralSection as GeneralDoc } from '@edge/protocol';
import { ruleValidator } from '../../components/formRules.ts';
import { SectionFrame, type SectionContext } from './SectionFrame.tsx';
import { documentOf } from './document.ts';

const SECTION = 'general' as const;
const WRITE_PATH = 'generalSetting/setting';

function GeneralEditor({ view, apply, busy }: SectionContext) {
  const { t } = useTranslation();
  const doc = documentOf<GeneralDoc>(view, generalDefaults);
  return (
    <Form<{ deviceName: string }>
      layout="vertical"
      style={{ maxWidth: 480 }}
      initialValues={{ deviceName: doc.deviceName }}
      onFinish={(values) => void apply('PATCH', WRITE_PATH, values)}
    >
      <Form.Item
        name="deviceName"
        label={t('deviceSettings.general.deviceName')}
        rules={[{ validator: ruleValidator(t, deviceNameRule) }]}
      >
        <Input data-testid="general-device-name" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy} data-testid="general-apply">
        {t('deviceSettings.apply.button')}
      </Button>
    </Form>
  );
}

export function GeneralSection({ deviceId }: { deviceId: string }) {
  return (
    <SectionFrame deviceId={deviceId} section={SECTION}>
      {(context) => <GeneralEditor key={context.view.desiredVersion} {...context} />}
    </SectionFrame>
  );
}
