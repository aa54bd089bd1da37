/**
 * Settings, General (SPEC 2): the device name; and remote help (SPEC 4), which makes the device's SSH
 * port reachable for support through the console. Remote help is its own call (agent/generalSetting)
 * and applies at once from its switch, after a confirmation that says what turning it on or off means;
 * and the services a jump link may reach (JumpServices.tsx).
 */
import { Button, Form, Input, Space, Spin, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { deviceNameRule, generalDefaults, type GeneralSection as GeneralDoc } from '@edge/protocol';
import { ruleValidator } from '../../components/formRules.ts';
import { SectionFrame, type SectionContext } from './SectionFrame.tsx';
import { VERTICAL } from './document.ts';
import { useSettingsRead } from './useSettingsRead.ts';
import { JumpServices } from './JumpServices.tsx';

const SECTION = 'general' as const;
const WRITE_PATH = 'generalSetting/setting';
const REMOTE_HELP_PATH = 'agent/generalSetting/setting';
/** SPEC 9: the device port support reaches while remote help is on. */
const REMOTE_HELP_PORT = 22;
const REMOTE_HELP_LABEL_ID = 'general-remote-help-label';

function RemoteHelpSwitch({ on, apply, busy }: { on: boolean } & Omit<SectionContext, 'view'>) {
  const { t } = useTranslation();
  const toggle = (next: boolean) =>
    void apply(
      REMOTE_HELP_PATH,
      { remoteHelp: next },
      next
        ? t('deviceSettings.general.remoteHelpConfirmOn', { port: REMOTE_HELP_PORT })
        : t('deviceSettings.general.remoteHelpConfirmOff', { port: REMOTE_HELP_PORT }),
    );
  return (
    <Space orientation={VERTICAL} size={2}>
      <Space>
        {/* Controlled by the desired document: a cancelled confirmation leaves the switch where it was. */}
        <Switch
          checked={on}
          loading={busy}
          onChange={toggle}
          aria-labelledby={REMOTE_HELP_LABEL_ID}
          data-testid="general-remote-help"
        />
        <Typography.Text strong id={REMOTE_HELP_LABEL_ID}>
          {t('deviceSettings.general.remoteHelp')}
        </Typography.Text>
      </Space>
      <Typography.Text type="secondary" data-testid="general-remote-help-hint">
        {on
          ? t('deviceSettings.general.remoteHelpOnHint', { port: REMOTE_HELP_PORT })
          : t('deviceSettings.general.remoteHelpOffHint')}
      </Typography.Text>
    </Space>
  );
}

function GeneralEditor({ view, apply, busy, deviceId }: SectionContext & { deviceId: string }) {
  const { t } = useTranslation();
  const stored = (view.desired ?? view.reported) as GeneralDoc | null;
  // Nothing set and nothing reported yet: the console's read starts from the device's own name, not
  // SPEC 9's generic one.
  const read = useSettingsRead(deviceId, 'generalSetting/getConfig');
  if (!stored && !read.data) return <Spin data-testid="general-loading" />;
  const doc: GeneralDoc = { ...generalDefaults, ...read.data, ...stored };
  return (
    <Space orientation={VERTICAL} size="large" style={{ width: '100%' }}>
      <Form<{ deviceName: string }>
        layout="vertical"
        style={{ maxWidth: 480 }}
        initialValues={{ deviceName: doc.deviceName }}
        onFinish={(values) => void apply(WRITE_PATH, values)}
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
      <RemoteHelpSwitch on={doc.remoteHelp} apply={apply} busy={busy} />
      <JumpServices deviceId={deviceId} services={doc.jumpServices} apply={apply} busy={busy} />
    </Space>
  );
}

export function GeneralSection({ deviceId }: { deviceId: string }) {
  return (
    <SectionFrame deviceId={deviceId} section={SECTION}>
      {(context) => <GeneralEditor key={context.view.desiredVersion} deviceId={deviceId} {...context} />}
    </SectionFrame>
  );
}
