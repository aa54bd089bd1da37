/**
 * User account and password. Empty fields are refused here with the server's own words (protocol's
 * loginRequest), so the user learns it without a round trip; server refusals come back as toasts.
 */
import { useState } from 'react';
import { Alert, Button, Divider, Form, Input } from 'antd';
import { KeyOutlined, LockOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { codeOfIssue, loginRequest, type LoginRequest, type MessageCode } from '@edge/protocol';
import { messageText } from '../../i18n/messageText.ts';
import { webauthnSupported } from '../webauthn/api.ts';
import { useLogin, useSecurityKeyLogin } from './api.ts';
import './login.css';

const DESK = '/desk';

export function LoginForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLogin();
  const keyLogin = useSecurityKeyLogin();
  const [form] = Form.useForm<Partial<LoginRequest>>();
  const [invalid, setInvalid] = useState<MessageCode | null>(null);

  // Runs only where the form outlives the sign-in ('/login'); elsewhere the route itself turns into the desktop.
  const afterSignIn = () =>
    void navigate(location.pathname.startsWith(DESK) ? location.pathname : DESK, { replace: true });

  const submit = (values: Partial<LoginRequest>) => {
    const checked = loginRequest.safeParse({ name: values.name ?? '', password: values.password ?? '' });
    if (!checked.success) {
      setInvalid(codeOfIssue(checked.error.issues[0]!) ?? 'invalidRequest');
      return;
    }
    setInvalid(null);
    login.mutate(checked.data, { onSuccess: afterSignIn });
  };

  /** Passwordless: a user name typed in narrows the browser's choice to that user's keys. */
  const signInWithKey = () => {
    if (!webauthnSupported()) {
      setInvalid('webauthnUnsupported');
      return;
    }
    setInvalid(null);
    const name = (form.getFieldValue('name') as string | undefined)?.trim();
    keyLogin.mutate(name || undefined, { onSuccess: afterSignIn });
  };

  const nameMissing = invalid === 'loginBothEmpty' || invalid === 'loginAccountEmpty';
  const passwordMissing = invalid === 'loginBothEmpty' || invalid === 'loginPasswordEmpty';

  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={submit}
      requiredMark={false}
      size="large"
      className="login-form"
    >
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
      <Divider plain className="login-divider">
        {t('webauthn.or')}
      </Divider>
      <Button
        block
        icon={<KeyOutlined />}
        onClick={signInWithKey}
        loading={keyLogin.isPending}
        disabled={login.isPending}
        data-testid="webauthn-login"
      >
        {t('webauthn.signIn')}
      </Button>
    </Form>
  );
}
