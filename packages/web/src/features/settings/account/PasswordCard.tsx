/** Changing the user's own password, checked with the SPEC 5 rules before it is sent. */
import { Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { passwordRule, type PasswordChangeRequest } from '@edge/protocol';
import { reject, requiredValidator, ruleValidator } from '../../../components/formRules.ts';
import { useConfirm } from '../../../components/useConfirm.tsx';
import { useRevalidateOnLanguage } from '../../../components/useRevalidateOnLanguage.ts';
import { toast } from '../../../components/notifications/toast.ts';
import { useChangePassword } from '../../account/api.ts';
import { PasswordStrengthMeter } from './PasswordStrengthMeter.tsx';

export function PasswordCard() {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordChangeRequest>();
  useRevalidateOnLanguage(form);
  const newPassword = Form.useWatch('newPassword', form) ?? '';
  const { confirmThen } = useConfirm();
  const change = useChangePassword();

  const save = (values: PasswordChangeRequest) =>
    confirmThen({ message: 'confirmEdit', kind: 'info' }, async () => {
      await change.mutateAsync(values);
      toast.success(t('messages.passwordChanged'));
      form.resetFields();
    });

  const required = [{ validator: requiredValidator(t, 'passwordEmpty') }];
  const sameAsNew = {
    validator: (_rule: unknown, value: string | undefined) =>
      !value || value === form.getFieldValue('newPassword')
        ? Promise.resolve()
        : reject(t, 'passwordsDoNotMatch'),
  };

  return (
    <Card title={t('settings.changePassword')} className="settings-card">
      <Form form={form} layout="vertical" onFinish={save} requiredMark={false}>
        <Form.Item name="currentPassword" label={t('settings.currentPassword')} rules={required}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('settings.newPassword')}
          rules={[{ validator: ruleValidator(t, passwordRule) }]}
          extra={newPassword ? <PasswordStrengthMeter password={newPassword} /> : undefined}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="newConfirmPassword"
          label={t('settings.confirmPassword')}
          dependencies={['newPassword']}
          rules={[...required, sameAsNew]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={change.isPending} data-testid="password-save">
          {t('settings.changePassword')}
        </Button>
      </Form>
    </Card>
  );
}
