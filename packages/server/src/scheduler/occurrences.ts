/** Occurrence arithmetic on croner: weekdays, dates, start time and time zone, DST included. */
import { Cron } from 'croner';
import type { ScheduleDefinition } from '@edge/protocol';
import { wallTime } from './zoned.ts';

export type Timing = Pick<
  ScheduleDefinition,
  'weekdays' | 'startDate' | 'endDate' | 'startTime' | 'timeZone'
>;

/** A cron pattern with seconds, for croner. */
export function cronOf(timing: Timing): Cron {
  const [h, m, s = '0'] = timing.startTime.split(':');
  return new Cron(
    `${Number(s)} ${Number(m)} ${Number(h)} * * ${[...new Set(timing.weekdays)].sort().join(',')}`,
    {
      timezone: timing.timeZone,
      startAt: `${timing.startDate}T00:00:00`,
      ...(timing.endDate ? { stopAt: `${timing.endDate}T23:59:59` } : {}),
      paused: true,
    },
  );
}

/** A system task's pattern (six fields for seconds), in UTC. */
export const taskCron = (pattern: string): Cron => new Cron(pattern, { timezone: 'UTC', paused: true });

/** Occurrence times (epoch ms) in (after, until]. */
export function occurrencesBetween(cron: Cron, after: number, until: number, max = 100): number[] {
  const out: number[] = [];
  let cursor = new Date(after);
  while (out.length < max) {
    const next = cron.nextRun(cursor);
    if (!next || next.getTime() > until) break;
    out.push(next.getTime());
    cursor = next;
  }
  return out;
}

/** The calendar day (YYYY-MM-DD) of an instant in a time zone. */
export const localDate = (at: number, timeZone: string): string => wallTime(at, timeZone).slice(0, 10);
