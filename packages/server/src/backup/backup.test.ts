/**
 * Schedule function type 6 end to end: a schedule added through the API runs at its start time in the
 * console's time zone, its job saves each device's configuration sections (desired and reported) as a file,
 * the step's result names it, and GET /api/v1/uploadFile/get downloads it for a role with Backup.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, type TestConsole } from '../testing/harness.ts';
import { caller, userWithRole, type Caller } from '../testing/accounts.ts';
import { startConsoleWithFleet, uniquePrefix, waitFor, type Child } from '../testing/devices.ts';
import { jobFinished } from '../testing/jobs.ts';
import { consoleTimeZone, wallTime } from '../scheduler/zoned.ts';
import type { BackupResult } from './device-backup.ts';

const grant = { control: { enable: true }, isManagement: false };

describe.each(DIALECTS)('scheduled device backup (%s)', (dialect) => {
  const prefix = uniquePrefix();
  let edge: TestConsole;
  let fleet: Child;
  let admin: Caller;

  beforeAll(async () => {
    const started = await startConsoleWithFleet(dialect, {
      count: 2,
      prefix,
      entries: () => ({ group: `${prefix}-backup` }),
    });
    edge = started.edge;
    fleet = started.fleet;
    admin = caller(edge, started.session);
  }, 90_000);
  afterAll(async () => {
    await fleet?.stop();
    await edge?.destroy();
  });

  it('runs at its start time and leaves a downloadable file of desired and reported sections', async () => {
    const groupId = (await edge.devices.groups.list()).find((g) => g.name === `${prefix}-backup`)!.id;
    const deviceIds = edge.devices.list().map((d) => d.id);
    // Three seconds from now on the console's wall clock, every day of the week.
    const [date, time] = wallTime(Date.now() + 3000, consoleTimeZone()).split('T') as [string, string];
    const added = await admin('POST', '/api/v1/schedule/add', {
      name: 'Backup soon',
      groupId,
      selection: deviceIds,
      functionType: 6,
      startDate: date,
      endDate: date,
      startTime: time,
      weekdays: [0, 1, 2, 3, 4, 5, 6],
    });
    expect(added.statusCode, added.body).toBe(200);
    const { id } = added.json<{ id: number }>();

    const occurrence = await waitFor(
      async () => (await admin('GET', `/api/v1/schedule/jobs?id=${id}`)).json().list[0],
      'the occurrence to create its job',
      20_000,
    );
    const done = await jobFinished(edge.jobs, occurrence.jobId);
    expect(done.job).toMatchObject({ kind: 'backup.device', state: 'succeeded', createdBy: 'schedule' });
    // The calendar's event of that occurrence opens the same job.
    const events = (await admin('GET', `/api/v1/schedule/events?start=${date}&end=${nextDay(date)}`)).json();
    expect(events.list).toContainEqual(expect.objectContaining({ scheduleId: id, jobId: occurrence.jobId }));

    for (const step of done.steps) {
      const result = step.result as BackupResult;
      expect(result.fileName).toMatch(new RegExp(`^backup-${step.deviceId}-.*\\.json$`));
      const file = await admin('GET', `/api/v1/uploadFile/get?id=${encodeURIComponent(result.fileId)}`);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-disposition']).toBe(`attachment; filename="${result.fileName}"`);
      const backup = file.json().content;
      expect(backup.deviceId).toBe(step.deviceId);
      expect(backup.sections).toHaveLength(result.sections);
      expect(result.archive).toBe(true);
      const state = await edge.deviceConfig.state(step.deviceId);
      expect(backup.sections.map((s: { section: string }) => s.section)).toEqual(
        state.sections.map((s) => s.section),
      );
      // What the device reported is in the file as the console held it.
      const reported = state.sections.filter((s) => s.reported !== null);
      expect(reported.length).toBeGreaterThan(0);
      for (const s of reported)
        expect(backup.sections.find((b: { section: string }) => b.section === s.section).reported).toEqual(
          s.reported,
        );
    }

    // A Schedule role opens the occurrence's job; only jobs of occurrences are served there.
    const viewer = await userWithRole(edge, admin, { Schedule: grant });
    const job = await viewer.call('GET', `/api/v1/schedule/job?id=${occurrence.jobId}`);
    expect(job.json().job.id).toBe(occurrence.jobId);
    expect((await viewer.call('POST', '/api/v1/schedule/rerun', { id: occurrence.jobId })).statusCode).toBe(
      403,
    );
    expect((await admin('POST', '/api/v1/schedule/rerun', { id: occurrence.jobId })).json().job.state).toBe(
      'succeeded',
    );
    const direct = await edge.jobs.create({
      kind: 'backup.device',
      title: 'not scheduled',
      deviceIds: [deviceIds[0]!],
      createdBy: 'operator',
      createdByName: 'admin',
    });
    expect((await admin('GET', `/api/v1/schedule/job?id=${direct}`)).statusCode).toBe(404);

    // Only a role with Backup downloads; only backup files are served here.
    const fileId = (done.steps[0]!.result as BackupResult).fileId;
    const scheduler = await userWithRole(edge, admin, { Schedule: grant });
    expect((await scheduler.call('GET', `/api/v1/uploadFile/get?id=${fileId}`)).statusCode).toBe(403);
    const backupRole = await userWithRole(edge, admin, { Backup: grant });
    expect((await backupRole.call('GET', `/api/v1/uploadFile/get?id=${fileId}`)).statusCode).toBe(200);
    expect((await admin('GET', '/api/v1/uploadFile/get?id=branding%2Flogo')).statusCode).toBe(404);
    expect((await admin('GET', '/api/v1/uploadFile/get?id=backup%2Fnone')).statusCode).toBe(404);
  }, 60_000);
});

const nextDay = (date: string) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
