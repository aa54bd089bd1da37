/** Dates as SPEC 9 writes them (YYYY-MM-DD, optionally with HH:mm or HH:mm:ss); 0 or empty is 'Never'. */
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DATE_FORMAT, TIME_FORMATS } from '@edge/protocol';

export type DateValue = number | string | Date | null | undefined;
export type TimePart = keyof typeof TIME_FORMATS;

/** Numbers below this are epoch seconds (devices report those); above, epoch milliseconds. */
const SECONDS_LIMIT = 1e11;

export function formatDate(value: DateValue, time?: TimePart): string | null {
  if (value === null || value === undefined || value === '' || value === 0 || value === '0') return null;
  const d = typeof value === 'number' ? dayjs(value < SECONDS_LIMIT ? value * 1000 : value) : dayjs(value);
  if (!d.isValid()) return null;
  return d.format(time ? `${DATE_FORMAT} ${TIME_FORMATS[time]}` : DATE_FORMAT);
}

export function DateText({ value, time }: { value: DateValue; time?: TimePart }) {
  const { t } = useTranslation();
  const text = formatDate(value, time);
  return text === null ? (
    <span className="date-never">{t('common.never')}</span>
  ) : (
    <time dateTime={dayjs(text).toISOString()} dir="ltr">
      {text}
    </time>
  );
}
