/** Reading and switching the interface language: cookie, i18next, and through it dayjs and <html>. */
import { useTranslation } from 'react-i18next';
import { LANGUAGES, isLanguageCode, DEFAULT_LANGUAGE, type LanguageCode } from '@edge/protocol';
import { writeLanguageCookie } from './cookie.ts';
import { switchLanguage } from './index.ts';
import { toast } from '../components/notifications/toast.ts';
import { localeSettings, type LocaleSettings } from './locales.ts';

export interface LanguageState {
  language: LanguageCode;
  direction: 'ltr' | 'rtl';
  locale: LocaleSettings;
  setLanguage(code: LanguageCode): void;
}

export function useLanguage(): LanguageState {
  const { i18n } = useTranslation();
  const language = isLanguageCode(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  return {
    language,
    direction: LANGUAGES.find((l) => l.code === language)?.dir ?? 'ltr',
    locale: localeSettings[language],
    setLanguage(code) {
      writeLanguageCookie(code);
      switchLanguage(code).catch(() => toast.error(i18n.t('errors.scriptChunk')));
    },
  };
}
