/** The nine interface languages of SPEC 1 with their exact cookie codes. */
export const LANGUAGES = [
  { code: 'en', label: 'English', dir: 'ltr' },
  { code: 'zh_tw', label: '繁體中文', dir: 'ltr' },
  { code: 'phasa', label: 'ภาษาไทย', dir: 'ltr' },
  { code: 'jp', label: '日本語', dir: 'ltr' },
  { code: 'French', label: 'Français', dir: 'ltr' },
  { code: 'Deutsch', label: 'Deutsch', dir: 'ltr' },
  { code: 'Arabic', label: 'العربية', dir: 'rtl' },
  { code: 'tv', label: 'Tiếng Việt', dir: 'ltr' },
  { code: 'tr', label: 'Türkçe', dir: 'ltr' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];
export const LANGUAGE_COOKIE = 'language';
export const DEFAULT_LANGUAGE: LanguageCode = 'en';
export const LANGUAGE_CODES: LanguageCode[] = LANGUAGES.map((l) => l.code);
export const isLanguageCode = (v: unknown): v is LanguageCode => LANGUAGE_CODES.includes(v as LanguageCode);
