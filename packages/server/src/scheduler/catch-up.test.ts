/**
 * The scheduler on a clock the test moves: occurrences run on time in the schedule's time zone across a
 * console restart and a daylight-saving change; one missed while the console was down runs once on start
 * when still on the same local day, never twice, and never one from before the schedule was saved. Two
 * schedulers on one PostgreSQL database run each occurrence once, also when both catch up at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_JOB_KIND, type ScheduleDefinition } from '@edge/protocol';
import { DIALECTS, startTestConsole, type TestConsole } from '../testing/harness.ts';
import { enrolByHand, mqttUrl, startListeningConsole, uniquePrefix } from '../testing/devices.ts';
import { clockedScheduler } from '../testing/clocked-scheduler.ts';
import { scheduleKey } from './store.ts';

/** Weekdays at 10:00 in Berlin, through March 2027 (summer time starts Sunday 28 March). */
const weekdaysAtTen = (deviceIds: string[], name = 'Berlin backup'): ScheduleDefinition => ({
  name,
  kind: BACKUP_JOB_KIND,
  deviceIds,
  weekdays: [1, 2, 3, 4, 5],
  startDate: '2027-03-01',
  endDate: '2027-04-30',
  startTime: '10:00',
  timeZone: 'Europe/Berlin',
});

async function ranAt(edge: TestConsole, id: number): Promise<string[]> {
  const claims = await edge.store.db
    .selectFrom('schedule_occurrences')
    .selectAll()
    .where('schedule_key', '=', scheduleKey(id))
    .orderBy('occurs_at')
    .execute();
  // Each claim created its job, and no job was created without its claim.
  const jobs = await edge.store.db
    .selectFrom('jobs')
    .select('id')
    .where('created_by', '=', 'schedule')
    .where('title', '=', (await edge.scheduler.get(id))!.name)
    .orderBy('id')
    .execute();
  expect(claims.map((c) => c.job_id)).toEqual(jobs.map((j) => j.id));
  return claims.map((c) => new Date(Number(c.occurs_at)).toISOString().slice(0, 16));
}

describe.each(DIALECTS)('scheduled occurrences on a moving clock (%s)', (dialect) => {
  let edge: TestConsole;
  let deviceIds: string[];

  beforeAll(async () => {
    edge = await startListeningConsole(dialect);
    const serial = `${uniquePrefix()}-1`;
    await edge.enrolment.provisionSerials([serial]);
    deviceIds = [(await enrolByHand(mqttUrl(edge), serial)).deviceId];
  }, 60_000);
  afterAll(async () => edge?.destroy());

  it('runs on time across restarts and the change to summer time, a missed one once on the same day', async () => {
    // Monday 22 March, 09:00 in Berlin (UTC+1).
    const first = clockedScheduler(edge, '2027-03-22T08:00:00');
    const id = await first.scheduler.create(weekdaysAtTen(deviceIds), 'admin');
    await first.at('2027-03-22T08:59:59');
    expect(await ranAt(edge, id)).toEqual([]);
    await first.at('2027-03-22T09:00:00');
    await first.at('2027-03-22T09:00:30');
    expect(await ranAt(edge, id)).toEqual(['2027-03-22T09:00']);
    await first.scheduler.stop();

    // Down until Tuesday 11:30: Tuesday's 10:00 is caught up on start, once.
    const second = clockedScheduler(edge, '2027-03-23T10:30:00');
    await second.scheduler.runDue();
    await second.at('2027-03-23T10:30:01');
    expect(await ranAt(edge, id)).toEqual(['2027-03-22T09:00', '2027-03-23T09:00']);
    await second.scheduler.stop();

    // Restarted again the same day: Tuesday's has run already.
    const third = clockedScheduler(edge, '2027-03-23T10:45:00');
    await third.scheduler.runDue();
    await third.scheduler.stop();
    // Down from then until Thursday 09:00 local: Wednesday's is not caught up (another day); Thursday's runs on time.
    const fourth = clockedScheduler(edge, '2027-03-25T08:00:00');
    await fourth.scheduler.runDue();
    expect(await ranAt(edge, id)).toEqual(['2027-03-22T09:00', '2027-03-23T09:00']);
    await fourth.at('2027-03-25T09:00:00');
    await fourth.at('2027-03-26T09:00:00');
    await fourth.scheduler.stop();

    // Down over the weekend, when Berlin moves to UTC+2; back on Monday 10:30 summer time: Monday's 10:00
    // (08:00 UTC now) runs once, nothing ran on Saturday or Sunday.
    const fifth = clockedScheduler(edge, '2027-03-29T08:30:00');
    await fifth.scheduler.runDue();
    await fifth.at('2027-03-29T08:31:00');
    await fifth.at('2027-03-30T08:00:00');
    await fifth.scheduler.stop();
    expect(await ranAt(edge, id)).toEqual([
      '2027-03-22T09:00',
      '2027-03-23T09:00',
      '2027-03-25T09:00',
      '2027-03-26T09:00',
      '2027-03-29T08:00',
      '2027-03-30T08:00',
    ]);
  });

  it('does not catch up an occurrence from before the schedule was saved or edited', async () => {
    // Saved at 10:30 on Wednesday 31 March: that morning's 10:00 was never due.
    const running = clockedScheduler(edge, '2027-03-31T08:30:00');
    const id = await running.scheduler.create(weekdaysAtTen(deviceIds, 'Saved late'), 'admin');
    await running.scheduler.stop();
    const restarted = clockedScheduler(edge, '2027-03-31T08:40:00');
    await restarted.scheduler.runDue();
    expect(await ranAt(edge, id)).toEqual([]);
    // Moved to 10:45 at 10:40: it runs at 10:45 that same day, once.
    await restarted.scheduler.update(id, { ...weekdaysAtTen(deviceIds, 'Saved late'), startTime: '10:45' });
    await restarted.at('2027-03-31T08:45:00');
    await restarted.at('2027-03-31T08:46:00');
    await restarted.scheduler.stop();
    expect(await ranAt(edge, id)).toEqual(['2027-03-31T08:45']);
  });
});

describe.skipIf(process.env.SKIP_POSTGRES)('two consoles on one PostgreSQL database, one clock', () => {
  let a: TestConsole;
  let b: TestConsole;
  let deviceIds: string[];

  beforeAll(async () => {
    a = await startListeningConsole('postgres');
    const serial = `${uniquePrefix()}-1`;
    await a.enrolment.provisionSerials([serial]);
    deviceIds = [(await enrolByHand(mqttUrl(a), serial)).deviceId];
    // B on A's database (the harness makes no database of its own for 'sqlite'; the URL decides).
    b = await startTestConsole('sqlite', { databaseUrl: a.config.databaseUrl });
  }, 60_000);
  afterAll(async () => {
    await b?.destroy();
    await a?.destroy();
  });

  it('runs each occurrence once, on time and when both catch up after being down', async () => {
    const onA = clockedScheduler(a, '2027-04-05T07:00:00');
    const onB = clockedScheduler(b, '2027-04-05T07:00:00');
    const id = await onA.scheduler.create(weekdaysAtTen(deviceIds, 'Shared'), 'admin');
    for (const at of ['2027-04-05T08:00:00', '2027-04-05T08:00:01', '2027-04-05T08:00:02'])
      await Promise.all([onA.at(at), onB.at(at)]);
    await Promise.all([onA.scheduler.stop(), onB.scheduler.stop()]);
    // Both down over Tuesday's 10:00; both start at 11:00.
    const againA = clockedScheduler(a, '2027-04-06T09:00:00');
    const againB = clockedScheduler(b, '2027-04-06T09:00:00');
    await Promise.all([againA.scheduler.runDue(), againB.scheduler.runDue()]);
    await Promise.all([againA.scheduler.stop(), againB.scheduler.stop()]);
    expect(await ranAt(a, id)).toEqual(['2027-04-05T08:00', '2027-04-06T08:00']);
  });
});
