/** Occurrence arithmetic: weekdays, start and end dates, start time and time zone (across a DST change). */
import { expect, test } from 'vitest';
import { scheduleDefinition } from '@edge/protocol';
import { cronOf, occurrencesBetween } from './occurrences.ts';

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
