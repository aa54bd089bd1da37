/** The login screen ('/', '/login', and '/desk' when signed out): a card on the brand backdrop. */
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../components/LanguageSwitch.tsx';
import { BrandMark } from '../../components/BrandMark.tsx';
import { useIntegrations } from '../variable/api.ts';
import { LoginForm } from './LoginForm.tsx';

export function LoginPage() {
  const { t } = useTranslation();
  const integrations = useIntegrations();
  return (
    <main className="login-screen">
      <div className="login-language">
        <LanguageSwitch />
      </div>
      <section
        className="login-card"
        aria-labelledby="login-title"
        data-captcha={integrations.captcha ? 'on' : 'off'}
        data-analytics={integrations.analytics ? 'on' : 'off'}
      >
        <div className="login-brand">
          <BrandMark size={48} />
          <div>
            <Typography.Title level={3} id="login-title" className="login-title">
              {t('app.platformName')}
            </Typography.Title>
            <Typography.Text type="secondary">{t('auth.subtitle')}</Typography.Text>
          </div>
        </div>
        <LoginForm />
      </section>
      <footer className="login-footer">{t('app.tagline')}</footer>
    </main>
  );
}
