/** Settings > Language: the nine languages, each in its own name; the choice is kept in the language cookie. */
import { Card, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@edge/protocol';
import { useLanguage } from '../../../i18n/language.ts';
import { localeSettings } from '../../../i18n/locales.ts';

export function LanguagePage() {
  const { t } = useTranslation();
  const { language, setLanguage } = useLanguage();
  return (
    <Card className="settings-card">
      <Typography.Paragraph type="secondary">{t('settings.languageHint')}</Typography.Paragraph>
      <Radio.Group
        className="language-grid"
        value={language}
        onChange={(e) => setLanguage(e.target.value)}
        aria-label={t('pages.Language')}
      >
        {LANGUAGES.map((l) => (
          <Radio.Button key={l.code} value={l.code} className="language-choice">
            <span lang={localeSettings[l.code].html}>{l.label}</span>
          </Radio.Button>
        ))}
      </Radio.Group>
    </Card>
  );
}
