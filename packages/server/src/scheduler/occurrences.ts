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

/**
 * Each pattern's last answer: the first occurrence after `after` (Infinity for none). Every console tick
 * asks every task's pattern for what is due since the previous tick, and croner's answer (time zone
 * arithmetic through Intl) took a few percent of the console's busy time at 10,000 devices; almost every
 * tick, nothing is due and the remembered occurrence still lies ahead.
 */
const ahead = new WeakMap<Cron, { after: number; next: number }>();

/** The first occurrence after `after` (epoch ms), Infinity when the pattern has none. */
function nextAfter(cron: Cron, after: number): number {
  const known = ahead.get(cron);
  // Nothing lies between known.after and known.next, so any instant in that span has the same next one.
  if (known && after >= known.after && after < known.next) return known.next;
  const next = cron.nextRun(new Date(after))?.getTime() ?? Infinity;
  ahead.set(cron, { after, next });
  return next;
}

/** Occurrence times (epoch ms) in (after, until]. */
export function occurrencesBetween(cron: Cron, after: number, until: number, max = 100): number[] {
  const out: number[] = [];
  let cursor = after;
  while (out.length < max) {
    const next = nextAfter(cron, cursor);
    if (next > until) break;
    out.push(next);
    cursor = next;
  }
  return out;
}

/** The calendar day (YYYY-MM-DD) of an instant in a time zone. */
export const localDate = (at: number, timeZone: string): string => wallTime(at, timeZone).slice(0, 10);
