import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { formatUptime, uptimeParts } from './uptime.ts';

describe('dashboard uptime', () => {
  it('splits seconds into days, hours and minutes, dropping the seconds', () => {
    expect(uptimeParts(0)).toEqual({ days: 0, hours: 0, minutes: 0 });
    expect(uptimeParts(59)).toEqual({ days: 0, hours: 0, minutes: 0 });
    expect(uptimeParts(60)).toEqual({ days: 0, hours: 0, minutes: 1 });
    expect(uptimeParts(3599)).toEqual({ days: 0, hours: 0, minutes: 59 });
    expect(uptimeParts(3600)).toEqual({ days: 0, hours: 1, minutes: 0 });
    expect(uptimeParts(86_399)).toEqual({ days: 0, hours: 23, minutes: 59 });
    expect(uptimeParts(86_400)).toEqual({ days: 1, hours: 0, minutes: 0 });
    expect(uptimeParts(40 * 86_400 + 5 * 3600 + 7 * 60 + 42)).toEqual({ days: 40, hours: 5, minutes: 7 });
  });

  it('treats nonsense as zero', () => {
    expect(uptimeParts(-5)).toEqual({ days: 0, hours: 0, minutes: 0 });
    expect(uptimeParts(Number.NaN)).toEqual({ days: 0, hours: 0, minutes: 0 });
    expect(uptimeParts(90.9)).toEqual({ days: 0, hours: 0, minutes: 1 });
  });

  it('formats as days, hours, minutes in the user language', () => {
    expect(formatUptime(i18n.t, 2 * 86_400 + 3 * 3600 + 4 * 60)).toBe('2d 3h 4m');
    expect(formatUptime(i18n.t, 0)).toBe('0d 0h 0m');
  });
});
