/** SPEC 9: uptime shows as days, hours, minutes. Devices count it in seconds. */
import type { TFunction } from 'i18next';

export interface UptimeParts {
  days: number;
  hours: number;
  minutes: number;
}

export function uptimeParts(seconds: number): UptimeParts {
  const s = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  return {
    days: Math.floor(s / 86_400),
    hours: Math.floor((s % 86_400) / 3600),
    minutes: Math.floor((s % 3600) / 60),
  };
}

export const formatUptime = (t: TFunction, seconds: number): string =>
  t('inventory.uptime', { ...uptimeParts(seconds) });
