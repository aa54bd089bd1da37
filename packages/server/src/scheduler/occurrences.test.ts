/** Occurrence arithmetic: weekdays, start and end dates, start time and time zone (across a DST change). */
import { expect, test, vi } from 'vitest';
import { scheduleDefinition } from '@edge/protocol';
import { cronOf, occurrencesBetween, taskCron } from './occurrences.ts';

const iso = (ms: number[]) => ms.map((t) => new Date(t).toISOString());

test('occurrences fall on the weekdays, at the local start time, between the dates', () => {
  const cron = cronOf({
    weekdays: [1, 3],
    startDate: '2026-03-23',
    endDate: '2026-04-01',
    startTime: '09:30',
    timeZone: 'Europe/Berlin',
  });
  const all = occurrencesBetween(
    cron,
    Date.parse('2026-03-01T00:00:00Z'),
    Date.parse('2026-06-01T00:00:00Z'),
  );
  // Berlin moves to summer time on 29 March: 09:30 local is 08:30 UTC before, 07:30 UTC after.
  expect(iso(all)).toEqual([
    '2026-03-23T08:30:00.000Z',
    '2026-03-25T08:30:00.000Z',
    '2026-03-30T07:30:00.000Z',
    '2026-04-01T07:30:00.000Z',
  ]);
  // The window is half-open: an occurrence exactly at its start was claimed by the previous tick.
  expect(occurrencesBetween(cron, all[0]!, all[1]!)).toEqual([all[1]]);
});

test('asked tick by tick, a pattern gives what one question over the whole span gives, asking croner once an occurrence', () => {
  const start = Date.parse('2026-11-27T09:59:50.250Z');
  const end = start + 5 * 60_000;
  const whole = occurrencesBetween(taskCron('*/15 * * * * *'), start, end);
  const ticked = taskCron('*/15 * * * * *');
  const asked = vi.spyOn(ticked, 'nextRun');
  const seen: number[] = [];
  // One-second ticks with a little jitter, as the console's timer runs, then one look back at the start.
  for (let after = start; after < end;) {
    const until = Math.min(end, after + 1000 + (after % 7));
    seen.push(...occurrencesBetween(ticked, after, until));
    after = until;
  }
  expect(whole).toHaveLength(20);
  expect(seen).toEqual(whole);
  // croner is asked once per occurrence (and once at the start), not once per tick.
  expect(asked.mock.calls.length).toBeLessThanOrEqual(whole.length + 1);
  expect(occurrencesBetween(ticked, start, start + 30_000)).toEqual(whole.slice(0, 2));
  expect(occurrencesBetween(ticked, whole[3]!, whole[4]!)).toEqual([whole[4]]);
  expect(occurrencesBetween(ticked, whole[3]! - 1, whole[3]!)).toEqual([whole[3]]);
});

test('a schedule definition is checked where both web and server read it', () => {
  const base = {
    name: 'Nightly',
    kind: 'test.probe',
    deviceIds: ['a'],
    weekdays: [0],
    startDate: '2026-01-01',
    startTime: '23:00',
    timeZone: 'Asia/Taipei',
  };
  expect(scheduleDefinition.safeParse(base).success).toBe(true);
  expect(scheduleDefinition.safeParse({ ...base, timeZone: 'Mars/Olympus' }).error?.issues[0]?.message).toBe(
    'Unknown time zone.',
  );
  expect(scheduleDefinition.safeParse({ ...base, startTime: '24:00' }).success).toBe(false);
  expect(scheduleDefinition.safeParse({ ...base, endDate: '2025-12-31' }).success).toBe(false);
  expect(scheduleDefinition.safeParse({ ...base, weekdays: [7] }).success).toBe(false);
});
