/** The `language` cookie of SPEC 1: the only place the chosen language is remembered. */
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, isLanguageCode, type LanguageCode } from '@edge/protocol';

const ONE_YEAR_S = 365 * 24 * 3600;

export function readLanguageCookie(cookie: string = document.cookie): LanguageCode {
  for (const part of cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === LANGUAGE_COOKIE) {
      const value = decodeURIComponent(rest.join('='));
      return isLanguageCode(value) ? value : DEFAULT_LANGUAGE;
    }
  }
  return DEFAULT_LANGUAGE;
}

export function writeLanguageCookie(code: LanguageCode): void {
  document.cookie = `${LANGUAGE_COOKIE}=${encodeURIComponent(code)}; path=/; max-age=${ONE_YEAR_S}; samesite=lax`;
}
