/** The login screen ('/', '/login', and '/desk' when signed out): a card on the brand backdrop. */
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../components/LanguageSwitch.tsx';
import { BrandLogo } from '../branding/BrandLogo.tsx';
import { usePlatformName, usePublicBranding } from '../branding/api.ts';
import { useIntegrations } from '../variable/api.ts';
import { LoginForm } from './LoginForm.tsx';

export function LoginPage() {
  const { t } = useTranslation();
  const integrations = useIntegrations();
  const platformName = usePlatformName();
  const companyLink = usePublicBranding().data?.companyLink;
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
          <BrandLogo markSize={48} />
          <div>
            <Typography.Title level={3} id="login-title" className="login-title">
              {platformName}
            </Typography.Title>
            <Typography.Text type="secondary">{t('auth.subtitle')}</Typography.Text>
          </div>
        </div>
        <LoginForm />
      </section>
      <footer className="login-footer">
        <span>{t('app.tagline')}</span>
        {companyLink && (
          <a
            href={companyLink}
            target="_blank"
            rel="noopener noreferrer"
            className="login-company-link"
            data-testid="company-link"
          >
            {companyLink}
          </a>
        )}
      </footer>
    </main>
  );
}
