/** Changing the user's own password, checked with the SPEC 5 rules before it is sent. */
import { Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { passwordChangeRequest, type PasswordChangeRequest } from '@edge/protocol';
import { withEmptyText } from '../../../components/form/rowSchema.ts';
import { useSchemaFields } from '../../../components/form/useSchemaFields.tsx';
import { useConfirmAct } from '../../../components/useConfirmAct.ts';
import { useRevalidateOnLanguage } from '../../../components/useRevalidateOnLanguage.ts';
import { useChangePassword } from '../../account/api.ts';
import { PasswordStrengthMeter } from './PasswordStrengthMeter.tsx';

const FIELDS = ['currentPassword', 'newPassword', 'newConfirmPassword'] as const;

export function PasswordCard() {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordChangeRequest>();
  useRevalidateOnLanguage(form);
  const newPassword = Form.useWatch('newPassword', form) ?? '';
  const { act, busy } = useConfirmAct();
  const change = useChangePassword();
  const { field } = useSchemaFields(passwordChangeRequest, FIELDS, {
    values: () => withEmptyText(form.getFieldsValue(true) as PasswordChangeRequest, FIELDS),
  });

  const save = (values: PasswordChangeRequest) =>
    act({
      confirm: { message: 'confirmEdit', kind: 'info' },
      run: () => change.mutateAsync(values),
      done: t('messages.passwordChanged'),
      then: () => form.resetFields(),
    });

  return (
    <Card title={t('settings.changePassword')} className="settings-card">
      <Form form={form} layout="vertical" onFinish={save} requiredMark={false}>
        {field(
          'currentPassword',
          'settings.currentPassword',
          <Input.Password autoComplete="current-password" />,
        )}
        {field('newPassword', 'settings.newPassword', <Input.Password autoComplete="new-password" />, {
          extra: newPassword ? <PasswordStrengthMeter password={newPassword} /> : undefined,
        })}
        {field(
          'newConfirmPassword',
          'settings.confirmPassword',
          <Input.Password autoComplete="new-password" />,
          {
            dependencies: ['newPassword'],
          },
        )}
        <Button type="primary" htmlType="submit" loading={busy} data-testid="password-save">
          {t('settings.changePassword')}
        </Button>
      </Form>
    </Card>
  );
}
