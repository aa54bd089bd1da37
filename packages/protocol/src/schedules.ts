/**
 * Recurring schedules that create jobs (ARCHITECTURE: Scheduler): on the given weekdays at a start time in
 * a time zone, from a start date to an optional end date.
 */
import { z } from 'zod';
import { jobOptions } from './jobs.ts';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD.');
const knownTimeZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

export const scheduleDefinition = z
  .object({
    name: z.string().trim().min(1).max(64),
    kind: z.string().min(1).max(64),
    params: z.unknown().optional(),
    deviceIds: z.array(z.string().min(1)).min(1).max(100_000),
    options: jobOptions.partial().optional(),
    /** 0 Sunday ... 6 Saturday. */
    weekdays: z.array(z.number().int().min(0).max(6)).min(1).max(7),
    startDate: isoDate,
    endDate: isoDate.optional(),
    /** HH:MM, or HH:MM:SS. */
    startTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, 'Use HH:MM.'),
    timeZone: z.string().refine(knownTimeZone, 'Unknown time zone.'),
  })
  .refine((s) => !s.endDate || s.endDate >= s.startDate, {
    message: 'The end date is before the start date.',
    path: ['endDate'],
  });
export type ScheduleDefinition = z.infer<typeof scheduleDefinition>;
