/**
 * i18next, with cookie codes (en, zh_tw, phasa, ...) used unchanged as i18next language names.
 * English is there from the start; another language is loaded first and switched to after, so the screen
 * never shows keys. Everything outside React that follows the language (dayjs, <html lang dir>) hangs off
 * i18next's languageChanged event.
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, LANGUAGES, type LanguageCode } from '@edge/protocol';
import dayjs from 'dayjs';
import { english, loadCatalogue, type Catalogue } from './catalogues.ts';
import { readLanguageCookie } from './cookie.ts';
import { localeSettings } from './locales.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Catalogue };
  }
}

function followLanguage(code: LanguageCode): void {
  dayjs.locale(localeSettings[code].dayjs);
  const root = document.documentElement;
  root.lang = localeSettings[code].html;
  root.dir = LANGUAGES.find((l) => l.code === code)?.dir ?? 'ltr';
}

/**
 * i18next picks plural forms (key_one, key_few, ...) with Intl.PluralRules, which knows BCP 47 tags, not
 * the cookie codes: 'Arabic' or 'jp' would silently get English rules. Each code asks with its html tag.
 */
function pluralRulesByTag(): void {
  const resolver = i18n.services.pluralResolver as {
    getRule: (code: string, options?: object) => Intl.PluralRules | undefined;
  };
  const getRule = resolver.getRule.bind(resolver);
  resolver.getRule = (code, options) => getRule(localeSettings[code as LanguageCode]?.html ?? code, options);
}

/** Loads the language's catalogue if needed, then switches to it. Rejects (staying put) when it cannot load. */
export async function switchLanguage(code: LanguageCode): Promise<void> {
  if (!i18n.hasResourceBundle(code, 'translation')) {
    i18n.addResourceBundle(code, 'translation', await loadCatalogue(code));
  }
  await i18n.changeLanguage(code);
}

/** Sets i18next up in English at once; resolves when the cookie's language (if another) is in place. */
export function initI18n(language: LanguageCode = readLanguageCookie()): Promise<void> {
  if (!i18n.isInitialized) {
    i18n.on('languageChanged', (lng) => followLanguage(lng as LanguageCode));
    void i18n.use(initReactI18next).init({
      resources: { en: { translation: english } },
      lng: DEFAULT_LANGUAGE,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: LANGUAGE_CODES,
      // The cookie codes are not BCP 47 tags; i18next must not reshape or shorten them.
      load: 'currentOnly',
      lowerCaseLng: false,
      cleanCode: false,
      nonExplicitSupportedLngs: false,
      initAsync: false,
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: false },
    });
    pluralRulesByTag();
    followLanguage(DEFAULT_LANGUAGE);
  }
  // A catalogue that cannot be loaded leaves the console in English rather than blank.
  return i18n.language === language ? Promise.resolve() : switchLanguage(language).catch(() => undefined);
}

export { i18n };
