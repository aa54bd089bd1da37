/**
 * SIM PIN (SPEC 2, 3): the PIN code and whether the device enters it by itself (auto unlock). 'PIN
 * unlocked!' is said when the device reports the PIN applied with auto unlock on, not when the console
 * merely stored it (an offline device has unlocked nothing yet).
 */
import { useEffect, useState } from 'react';
import { Button, Form, Input, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { simPinRule, type MobileNetworkSection, type SectionStateView } from '@edge/protocol';
import { ruleValidator } from '../../../components/formRules.ts';
import { toast } from '../../../components/notifications/toast.ts';
import { messageText } from '../../../i18n/messageText.ts';
import type { SectionContext } from '../SectionFrame.tsx';
import { CALLS } from './calls.ts';

type SimSetting = MobileNetworkSection['simSetting'];

export function SimPinForm({
  initial,
  busy,
  onSubmit,
}: {
  initial: SimSetting;
  busy: boolean;
  onSubmit: (setting: SimSetting) => void;
}) {
  const { t } = useTranslation();
  return (
    <Form<SimSetting>
      layout="vertical"
      initialValues={initial}
      onFinish={onSubmit}
      data-testid="mobile-pin-form"
    >
      <Typography.Title level={3} className="subsection-title">
        {t('deviceSettings.mobileNetwork.simPin')}
      </Typography.Title>
      <Form.Item
        name="auto_unlock"
        label={t('deviceSettings.mobileNetwork.autoUnlock')}
        valuePropName="checked"
      >
        <Switch data-testid="mobile-pin-auto" />
      </Form.Item>
      <Form.Item
        name="code"
        label={t('deviceSettings.mobileNetwork.pinCode')}
        extra={t('deviceSettings.mobileNetwork.pinHint')}
        rules={[{ validator: ruleValidator(t, simPinRule) }]}
      >
        <Input.Password
          style={{ maxWidth: 200 }}
          inputMode="numeric"
          autoComplete="off"
          data-testid="mobile-pin-code"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy} data-testid="mobile-pin-apply">
        {t('deviceSettings.apply.button')}
      </Button>
    </Form>
  );
}

export function SimPinBlock({
  doc,
  view,
  apply,
  busy,
}: { doc: MobileNetworkSection; view: SectionStateView } & Pick<SectionContext, 'apply' | 'busy'>) {
  const { t } = useTranslation();
  // The desired version our unlock was written as; a later write of any block moves past it.
  const [unlockVersion, setUnlockVersion] = useState<number | null>(null);
  const unlocked = view.desiredVersion === unlockVersion && view.state === 'in_sync';
  useEffect(() => {
    if (unlocked) toast.success(messageText(t, 'pinUnlocked'));
  }, [unlocked, t]);

  const submit = async (setting: SimSetting) => {
    const version = view.desiredVersion + 1;
    if ((await apply('PATCH', CALLS.simSetting, setting)) && setting.auto_unlock) setUnlockVersion(version);
  };
  return <SimPinForm initial={doc.simSetting} busy={busy} onSubmit={(setting) => void submit(setting)} />;
}
