/** Shapes and formats of SPEC 3 that the console's shared widgets display (notification list, number input, dates). */

/** Notification entry of SPEC 3: every toast is also kept as one of these. */
export type NotificationLevel = 'check' | 'info' | 'error';
export interface NotificationEntry {
  id: string;
  /** The moment it was raised, formatted NOTIFICATION_TITLE_FORMAT. */
  title: string;
  level: NotificationLevel;
  /** What raised it, e.g. 'toast' or 'upload'. */
  type: string;
  value: string;
  /** 0-100. */
  progress: number;
  /** Epoch milliseconds; the list is sorted by it, newest first. */
  date: number;
}
export const NOTIFICATION_TITLE_FORMAT = 'YYYY/MM/DD HH:mm:ss';

/** Number input value of SPEC 3: a number with a time unit (sec/min/hr) or a size unit (K/M/G). */
export const TIME_UNITS = ['sec', 'min', 'hr'] as const;
export const SIZE_UNITS = ['K', 'M', 'G'] as const;
export type TimeUnit = (typeof TIME_UNITS)[number];
export type SizeUnit = (typeof SIZE_UNITS)[number];
export interface NumberUnitValue<U extends string = TimeUnit | SizeUnit> {
  number: number;
  unit: U;
}

/** Optional time parts after DATE_FORMAT (SPEC 9: options hh:mm and hh:mm:ss). */
export const TIME_FORMATS = { minutes: 'HH:mm', seconds: 'HH:mm:ss' } as const;
