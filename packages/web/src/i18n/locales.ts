/** What each cookie code means to the libraries: antd's locale, dayjs's locale and the html lang tag. */
import type { Locale } from 'antd/es/locale';
import type { LanguageCode } from '@edge/protocol';
import enUS from 'antd/locale/en_US';
import zhTW from 'antd/locale/zh_TW';
import thTH from 'antd/locale/th_TH';
import jaJP from 'antd/locale/ja_JP';
import frFR from 'antd/locale/fr_FR';
import deDE from 'antd/locale/de_DE';
import arEG from 'antd/locale/ar_EG';
import viVN from 'antd/locale/vi_VN';
import trTR from 'antd/locale/tr_TR';
import 'dayjs/locale/zh-tw';
import 'dayjs/locale/th';
import 'dayjs/locale/ja';
import 'dayjs/locale/fr';
import 'dayjs/locale/de';
import 'dayjs/locale/ar';
import 'dayjs/locale/vi';
import 'dayjs/locale/tr';

export interface LocaleSettings {
  antd: Locale;
  dayjs: string;
  html: string;
}

export const localeSettings: Record<LanguageCode, LocaleSettings> = {
  en: { antd: enUS, dayjs: 'en', html: 'en' },
  zh_tw: { antd: zhTW, dayjs: 'zh-tw', html: 'zh-TW' },
  phasa: { antd: thTH, dayjs: 'th', html: 'th' },
  jp: { antd: jaJP, dayjs: 'ja', html: 'ja' },
  French: { antd: frFR, dayjs: 'fr', html: 'fr' },
  Deutsch: { antd: deDE, dayjs: 'de', html: 'de' },
  Arabic: { antd: arEG, dayjs: 'ar', html: 'ar' },
  tv: { antd: viVN, dayjs: 'vi', html: 'vi' },
  tr: { antd: trTR, dayjs: 'tr', html: 'tr' },
};
