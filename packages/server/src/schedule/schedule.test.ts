/**
 * Schedule's API: add, list, edit, delete with SPEC 5's rules at and beyond their limits, the ScheduleCreate
 * control, the activity log, the calendar's events and each user's group colours.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEDULE_SELECTION_MAX, messages, type MessageCode } from '@edge/protocol';
import { DIALECTS, TEST_CLAIM_CODE, signIn, type TestConsole } from '../testing/harness.ts';
import { caller, snapshot, userWithRole, type Caller } from '../testing/accounts.ts';
import { enrolByHand, mqttUrl, startListeningConsole, uniquePrefix } from '../testing/devices.ts';

const PATH = '/api/v1/schedule';
const grant = { control: { enable: true }, isManagement: false };

describe.each(DIALECTS)('Schedule API (%s)', (dialect) => {
  const prefix = uniquePrefix();
  let edge: TestConsole;
  let admin: Caller;
  let groupId: number;
  let otherGroupId: number;
  let inGroup: string[];
  let outside: string;

  const body = (extra: object = {}) => ({
    name: 'Nightly backup',
    groupId,
    selection: inGroup,
    functionType: 6,
    startDate: '2026-03-02',
    endDate: '2026-03-31',
    startTime: '10:00',
    weekdays: [1, 2, 3, 4, 5],
    ...extra,
  });

  beforeAll(async () => {
    edge = await startListeningConsole(dialect);
    admin = caller(edge, await signIn(edge));
    await edge.enrolment.provision([
      { serial: `${prefix}-1`, group: `${prefix}-sites`, claimCode: TEST_CLAIM_CODE },
      { serial: `${prefix}-2`, group: `${prefix}-sites`, claimCode: TEST_CLAIM_CODE },
      { serial: `${prefix}-3`, group: `${prefix}-lab`, claimCode: TEST_CLAIM_CODE },
    ]);
    inGroup = [
      (await enrolByHand(mqttUrl(edge), `${prefix}-1`)).deviceId,
      (await enrolByHand(mqttUrl(edge), `${prefix}-2`)).deviceId,
    ];
    outside = (await enrolByHand(mqttUrl(edge), `${prefix}-3`)).deviceId;
    const groups = await edge.devices.groups.list();
    groupId = groups.find((g) => g.name === `${prefix}-sites`)!.id;
    otherGroupId = groups.find((g) => g.name === `${prefix}-lab`)!.id;
  }, 60_000);
  afterAll(async () => edge?.destroy());

  const activity = (action: string) =>
    edge.store.db.selectFrom('activity').selectAll().where('action', '=', action).execute();

  it('adds, lists, edits and deletes a schedule, each change in the activity log', async () => {
    const added = await admin('POST', `${PATH}/add`, body());
    expect(added.statusCode, added.body).toBe(200);
    const schedule = added.json();
    expect(schedule).toMatchObject({
      name: 'Nightly backup',
      groupId,
      selection: inGroup,
      functionType: 6,
      kind: 'backup.device',
      startDate: '2026-03-02',
      endDate: '2026-03-31',
      startTime: '10:00',
      weekdays: [1, 2, 3, 4, 5],
      createdByName: 'admin',
    });
    const list = (await admin('GET', `${PATH}/list`)).json();
    expect(list.timeZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(list.list.map((s: { id: number }) => s.id)).toEqual([schedule.id]);

    const edited = await admin(
      'PATCH',
      `${PATH}/edit`,
      body({ id: schedule.id, name: 'Weekly', weekdays: [3] }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ id: schedule.id, name: 'Weekly', weekdays: [3] });

    const deleted = await admin('DELETE', `${PATH}/delete`, { id: schedule.id });
    expect(deleted.json()).toEqual({ message: messages.scheduleDeleted });
    expect((await admin('GET', `${PATH}/list`)).json().list).toEqual([]);
    expect((await admin('DELETE', `${PATH}/delete`, { id: schedule.id })).statusCode).toBe(404);

    for (const action of ['schedule.add', 'schedule.edit', 'schedule.delete'])
      expect((await activity(action)).map((a) => [a.user_name, a.status_code])).toContainEqual([
        'admin',
        200,
      ]);
  });

  it('holds SPEC 5 rules at their limits and refuses beyond them, in its words, writing nothing', async () => {
    const refusals: [object, MessageCode][] = [
      [body({ name: undefined }), 'scheduleNameEmpty'],
      [body({ name: '   ' }), 'scheduleNameEmpty'],
      [body({ name: 'n'.repeat(65) }), 'scheduleNameLength'],
      [body({ groupId: undefined }), 'scheduleGroupRequired'],
      [body({ groupId: 0 }), 'scheduleGroupRequired'],
      [body({ groupId: 999_999 }), 'groupNotFound'],
      [body({ selection: undefined }), 'scheduleSelectionRequired'],
      [body({ selection: [] }), 'scheduleSelectionRequired'],
      [
        body({ selection: Array.from({ length: SCHEDULE_SELECTION_MAX + 1 }, (_, i) => `d${i}`) }),
        'scheduleSelectionTooMany',
      ],
      [body({ selection: [...inGroup, outside] }), 'scheduleSelectionOutsideGroup'],
      [body({ groupId: otherGroupId }), 'scheduleSelectionOutsideGroup'],
      [body({ functionType: undefined }), 'scheduleFunctionRequired'],
      [body({ functionType: 0 }), 'scheduleFunctionRequired'],
      [body({ functionType: 7 }), 'scheduleFunctionRequired'],
      [body({ params: { extra: 1 } }), 'scheduleParamsInvalid'],
      [body({ startDate: undefined }), 'scheduleStartDateRequired'],
      [body({ startDate: '2026-02-30' }), 'scheduleStartDateRequired'],
      [body({ endDate: undefined }), 'scheduleEndDateRequired'],
      [body({ endDate: '2026-13-01' }), 'scheduleEndDateRequired'],
      [body({ endDate: '2026-03-01' }), 'scheduleEndBeforeStart'],
      [body({ startTime: undefined }), 'scheduleStartTimeRequired'],
      [body({ startTime: '24:00' }), 'scheduleStartTimeRequired'],
      [body({ startTime: '9:00' }), 'scheduleStartTimeRequired'],
      [body({ weekdays: [] }), 'scheduleWeekdaysRequired'],
      [body({ weekdays: [7] }), 'invalidRequest'],
    ];
    const before = await snapshot(edge);
    for (const [bad, code] of refusals) {
      const res = await admin('POST', `${PATH}/add`, bad);
      expect([res.statusCode, res.json()], JSON.stringify(bad).slice(0, 200)).toEqual([
        400,
        { err_message: messages[code], err_code: code },
      ]);
    }
    // An edit is held to the same rules, and of a schedule that exists.
    const kept = (await admin('POST', `${PATH}/add`, body())).json();
    const withOne = await snapshot(edge);
    const badEdit = await admin('PATCH', `${PATH}/edit`, body({ id: kept.id, endDate: '2026-03-01' }));
    expect(badEdit.json().err_code).toBe('scheduleEndBeforeStart');
    expect((await admin('PATCH', `${PATH}/edit`, body({ id: 999_999 }))).statusCode).toBe(404);
    expect(await snapshot(edge)).toBe(withOne);
    await admin('DELETE', `${PATH}/delete`, { id: kept.id });
    expect(await snapshot(edge)).toBe(before);

    // At the limits: a 64-character name, one day from start to end, every weekday, 23:59.
    const atLimits = await admin(
      'POST',
      `${PATH}/add`,
      body({
        name: 'n'.repeat(64),
        endDate: '2026-03-02',
        weekdays: [0, 1, 2, 3, 4, 5, 6],
        startTime: '23:59',
      }),
    );
    expect(atLimits.statusCode, atLimits.body).toBe(200);
    await admin('DELETE', `${PATH}/delete`, { id: atLimits.json().id });
  });

  it('lets only the ScheduleCreate control add, edit and delete; reading needs the Schedule app', async () => {
    const viewer = await userWithRole(edge, admin, { Schedule: grant });
    const creator = await userWithRole(edge, admin, { Schedule: grant, ScheduleCreate: grant });
    const stranger = await userWithRole(edge, admin, { Inventory: grant });

    const before = await snapshot(edge);
    expect((await viewer.call('POST', `${PATH}/add`, body())).statusCode).toBe(403);
    expect(await snapshot(edge)).toBe(before);
    expect((await viewer.call('GET', `${PATH}/list`)).statusCode).toBe(200);
    expect((await stranger.call('GET', `${PATH}/list`)).statusCode).toBe(403);
    expect((await stranger.call('GET', `${PATH}/events?start=2026-03-01&end=2026-03-08`)).statusCode).toBe(
      403,
    );

    const added = await creator.call('POST', `${PATH}/add`, body());
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().createdByName).toBe(creator.name);
    expect((await viewer.call('DELETE', `${PATH}/delete`, { id: added.json().id })).statusCode).toBe(403);
    expect((await creator.call('DELETE', `${PATH}/delete`, { id: added.json().id })).statusCode).toBe(200);
  });

  it('schedules a Diagnose test only for who may run it, its settings checked before any device sees them', async () => {
    const ping = (params: object) => body({ name: 'Hourly ping', functionType: 1, params });
    const scheduler = await userWithRole(edge, admin, { Schedule: grant, ScheduleCreate: grant });
    const pinger = await userWithRole(edge, admin, {
      Schedule: grant,
      ScheduleCreate: grant,
      Diagnose: grant,
      Ping: grant,
    });
    const before = await snapshot(edge);
    expect((await scheduler.call('POST', `${PATH}/add`, ping({ target: '127.0.0.1' }))).statusCode).toBe(403);
    const badTarget = await pinger.call('POST', `${PATH}/add`, ping({ target: 'not a host!' }));
    expect([badTarget.statusCode, badTarget.json().err_code]).toEqual([400, 'diagnoseTargetInvalid']);
    expect(await snapshot(edge)).toBe(before);
    const added = await pinger.call('POST', `${PATH}/add`, ping({ target: '127.0.0.1', count: 2 }));
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({
      kind: 'diagnose.ping',
      functionType: 1,
      params: { target: '127.0.0.1' },
    });
    // Nor may someone without Ping change it.
    const edit = body({ id: added.json().id, functionType: 1, params: { target: '127.0.0.2' } });
    expect((await scheduler.call('PATCH', `${PATH}/edit`, edit)).statusCode).toBe(403);
    await admin('DELETE', `${PATH}/delete`, { id: added.json().id });
  });

  it('gives the calendar its events: title, start and end on the weekdays, in the console time zone', async () => {
    const { id } = (
      await admin('POST', `${PATH}/add`, body({ startDate: '2026-03-04', endDate: '2026-03-10' }))
    ).json();
    const res = await admin('GET', `${PATH}/events?start=2026-03-01&end=2026-03-15`);
    expect(res.statusCode, res.body).toBe(200);
    const events = res.json().list as { title: string; start: string; end: string; jobId: null }[];
    // Wednesday 4 March to Tuesday 10 March, weekdays only: Wed, Thu, Fri, Mon, Tue.
    expect(events.map((e) => [e.title, e.start, e.end, e.jobId])).toEqual(
      ['04', '05', '06', '09', '10'].map((d) => [
        'Nightly backup',
        `2026-03-${d}T10:00:00`,
        `2026-03-${d}T10:30:00`,
        null,
      ]),
    );
    for (const range of [
      'start=2026-03-08&end=2026-03-08',
      'start=2026-01-01&end=2026-03-05',
      'start=x&end=2026-03-05',
    ]) {
      const bad = await admin('GET', `${PATH}/events?${range}`);
      expect([bad.statusCode, bad.json().err_code]).toEqual([400, 'scheduleRangeInvalid']);
    }
    expect((await admin('GET', `${PATH}/jobs?id=${id}`)).json()).toEqual({ list: [] });
    await admin('DELETE', `${PATH}/delete`, { id });
  });

  it('lists the groups a schedule may target, with their devices', async () => {
    const { list } = (await admin('GET', `${PATH}/groups`)).json();
    const sites = list.find((g: { id: number }) => g.id === groupId);
    expect(sites.devices.map((d: { id: string }) => d.id).sort()).toEqual([...inGroup].sort());
    expect(
      list.find((g: { id: number }) => g.id === otherGroupId).devices.map((d: { id: string }) => d.id),
    ).toEqual([outside]);
  });

  it("keeps each user's own group colours for 'My Calender'", async () => {
    const other = await userWithRole(edge, admin, { Schedule: grant });
    const set = await admin('PATCH', `${PATH}/colours`, { groupId, colour: '#ff8800', shown: true });
    expect(set.json()).toEqual({ list: [{ groupId, colour: '#ff8800', shown: true }] });
    await admin('PATCH', `${PATH}/colours`, { groupId, colour: '#0055aa', shown: false });
    expect((await admin('GET', `${PATH}/colours`)).json()).toEqual({
      list: [{ groupId, colour: '#0055aa', shown: false }],
    });
    expect((await other.call('GET', `${PATH}/colours`)).json()).toEqual({ list: [] });

    const before = await snapshot(edge);
    const badColour = await admin('PATCH', `${PATH}/colours`, { groupId, colour: 'red', shown: true });
    expect(badColour.json()).toEqual({
      err_message: messages.scheduleColourInvalid,
      err_code: 'scheduleColourInvalid',
    });
    const noGroup = await admin('PATCH', `${PATH}/colours`, {
      groupId: 999_999,
      colour: '#000000',
      shown: true,
    });
    expect([noGroup.statusCode, noGroup.json().err_code]).toEqual([400, 'groupNotFound']);
    expect(await snapshot(edge)).toBe(before);
    expect((await activity('schedule.colour')).length).toBeGreaterThanOrEqual(2);
  });
});
