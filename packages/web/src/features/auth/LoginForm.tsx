/**
 * User account and password. Empty fields are refused here with the server's own words (protocol's
 * loginRequest), so the user learns it without a round trip; server refusals come back as toasts.
 */
import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { codeOfIssue, loginRequest, type LoginRequest, type MessageCode } from '@edge/protocol';
import { messageText } from '../../i18n/messageText.ts';
import { useLogin } from './api.ts';

const DESK = '/desk';

export function LoginForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLogin();
  const [invalid, setInvalid] = useState<MessageCode | null>(null);

  const submit = (values: Partial<LoginRequest>) => {
    const checked = loginRequest.safeParse({ name: values.name ?? '', password: values.password ?? '' });
    if (!checked.success) {
      setInvalid(codeOfIssue(checked.error.issues[0]!) ?? 'invalidRequest');
      return;
    }
    setInvalid(null);
    login.mutate(checked.data, {
      // Runs only where the form outlives the sign-in ('/login'); elsewhere the route itself turns into the desktop.
      onSuccess: () =>
        navigate(location.pathname.startsWith(DESK) ? location.pathname : DESK, { replace: true }),
    });
  };

  const nameMissing = invalid === 'loginBothEmpty' || invalid === 'loginAccountEmpty';
  const passwordMissing = invalid === 'loginBothEmpty' || invalid === 'loginPasswordEmpty';

  return (
    <Form layout="vertical" onFinish={submit} requiredMark={false} size="large" className="login-form">
      {invalid && (
        <Alert type="error" showIcon title={messageText(t, invalid)} className="login-alert" role="alert" />
      )}
      <Form.Item
        name="name"
        label={t('auth.userAccount')}
        htmlFor="login-name"
        validateStatus={nameMissing ? 'error' : undefined}
      >
        <Input
          id="login-name"
          prefix={<UserOutlined />}
          autoComplete="username"
          placeholder={t('auth.userAccount')}
          autoFocus
        />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('auth.userPassword')}
        htmlFor="login-password"
        validateStatus={passwordMissing ? 'error' : undefined}
      >
        <Input.Password
          id="login-password"
          prefix={<LockOutlined />}
          autoComplete="current-password"
          placeholder={t('auth.userPassword')}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={login.isPending} data-testid="login-submit">
        {t('auth.login')}
      </Button>
    </Form>
  );
}
