/** The language picker on the login screen and the desktop: the nine languages in their own names. */
import { Select } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@edge/protocol';
import { useLanguage } from '../i18n/language.ts';

/** Nine options of 32 px and the list's padding. */
const LIST_HEIGHT = 9 * 32 + 8;
const OPTIONS = LANGUAGES.map((l) => ({ value: l.code, label: l.label }));
/**
 * The open list lives in the landmark of the switch (the header's banner), not in a portal at the end of
 * the page: content outside every landmark is lost to screen-reader users who move by landmarks (axe
 * 'region').
 */
const inOwnLandmark = (trigger: HTMLElement): HTMLElement =>
  trigger.closest<HTMLElement>('header, main, nav, [role="banner"], [role="main"]') ?? document.body;

export function LanguageSwitch({ variant = 'outlined' }: { variant?: 'outlined' | 'borderless' | 'filled' }) {
  const { t } = useTranslation();
  const { language, setLanguage } = useLanguage();
  return (
    <Select
      data-testid="language-switch"
      className="language-switch"
      aria-label={t('header.language')}
      prefix={<GlobalOutlined />}
      variant={variant}
      value={language}
      onChange={setLanguage}
      options={OPTIONS}
      // Not virtual: every option stays in the DOM with role=option, for screen readers and browser tests.
      virtual={false}
      // Tall enough for all nine: a list that scrolls is a scroll region keyboard users cannot reach.
      listHeight={LIST_HEIGHT}
      popupMatchSelectWidth={false}
      getPopupContainer={inOwnLandmark}
    />
  );
}
