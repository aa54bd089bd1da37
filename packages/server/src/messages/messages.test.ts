/**
 * Messages and To-do through the API: a job that failed raises a message, which is assigned to To-do, whose
 * card re-runs the job and is finished; keyword, severity and read filters; and every SPEC 5 notification
 * rule refused with 400 in its words, nothing written.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { MqttClient } from 'mqtt';
import {
  deviceTopic,
  messages,
  rpcRequest,
  type AlertMessageView,
  type EventRuleView,
  type MessageCode,
} from '@edge/protocol';
import { DIALECTS, signIn, type TestConsole } from '../testing/harness.ts';
import { caller, snapshot, type Caller } from '../testing/accounts.ts';
import {
  connectAs,
  enrolByHand,
  mqttUrl,
  startListeningConsole,
  uniquePrefix,
  waitFor,
  type HandDevice,
} from '../testing/devices.ts';
import { PROBE_KIND, jobFinished, newRecorder, probeKind } from '../testing/jobs.ts';

describe.each(DIALECTS)('messages and To-do (%s)', (dialect) => {
  let edge: TestConsole;
  let admin: Caller;
  let device: HandDevice;
  let client: MqttClient;
  const recorder = newRecorder();

  beforeAll(async () => {
    edge = await startListeningConsole(dialect);
    admin = caller(edge, await signIn(edge));
    edge.jobs.kinds.register(probeKind(recorder));
    const serial = `${uniquePrefix()}-1`;
    await edge.enrolment.provisionSerials([serial]);
    device = await enrolByHand(mqttUrl(edge), serial);
    client = await connectAs(mqttUrl(edge), device);
    // The device answers every call with its parameters.
    await client.subscribeAsync(deviceTopic(device.deviceId, 'rpc/req'), { qos: 1 });
    client.on('message', (_topic, payload) => {
      const request = rpcRequest.parse(JSON.parse(payload.toString()));
      client.publish(deviceTopic(device.deviceId, 'rpc/res'), JSON.stringify({ id: request.id, result: {} }));
    });
    await client.publishAsync(deviceTopic(device.deviceId, 'status'), 'online', { qos: 1, retain: true });
    await waitFor(() => edge.devices.get(device.deviceId)?.online, 'the device online');
  }, 60_000);
  afterAll(async () => {
    client?.end(true);
    await edge?.destroy();
  });

  test('a failed job becomes a message, assigned to To-do, re-run and finished', async () => {
    const rule = await admin('POST', '/api/v1/messages/rules/add', {
      name: 'Jobs',
      description: 'A job failed',
      events: ['jobFailed'],
      controller: true,
      severity: 'critical',
    });
    expect(rule.statusCode, rule.body).toBe(200);
    recorder.failing.add(device.deviceId);
    const jobId = await edge.jobs.create({
      kind: PROBE_KIND,
      title: 'probe',
      params: {},
      deviceIds: [device.deviceId],
      createdBy: 'operator',
      createdByName: 'admin',
    });
    await jobFinished(edge.jobs, jobId);
    const message = await waitFor(async () => {
      const { list, unreadCritical } = (await admin('GET', '/api/v1/messages/list')).json();
      return unreadCritical === 1 && (list as AlertMessageView[]).find((m) => m.jobId === jobId);
    }, 'the job failed message');
    expect(message).toMatchObject({ event: 'jobFailed', severity: 'critical', read: false });

    const added = await admin('POST', '/api/v1/todo/add', {
      title: 'Look at the failed probe',
      tasks: ['Check the device'],
      messageId: message.id,
    });
    expect(added.statusCode, added.body).toBe(200);
    const card = added.json();
    expect(card).toMatchObject({ jobId, messageId: message.id, completed: false });
    // Assigned is acted upon: no longer unread.
    expect((await admin('GET', '/api/v1/messages/list')).json().unreadCritical).toBe(0);

    recorder.failing.clear();
    const rerun = await admin('POST', '/api/v1/todo/rerun', { id: card.id });
    expect(rerun.json().message).toBe(messages.rerunTaskSuccess);
    await waitFor(() => recorder.runs.get(device.deviceId) === 2, 'the job re-run', 30_000);
    // Its end is written with others a moment later: the test leaves nothing running behind it.
    await jobFinished(edge.jobs, jobId);

    const more = await admin('POST', '/api/v1/todo/task/add', { id: card.id, title: 'Tell the site' });
    expect(more.json().tasks).toHaveLength(2);
    const finished = await admin('POST', '/api/v1/todo/finish', { id: card.id });
    expect(finished.json()).toMatchObject({
      message: messages.finishTaskSuccess,
      todo: { completed: true, tasks: [{ completed: true }, { completed: true }] },
    });
    const plain = await admin('POST', '/api/v1/todo/add', { title: 'No job' });
    const refused = await admin('POST', '/api/v1/todo/rerun', { id: plain.json().id });
    expect(refused.json().err_message).toBe(messages.todoNoJob);
  }, 90_000);

  test('filters by keyword, severity and read state; marks unread again', async () => {
    const all = (await admin('GET', '/api/v1/messages/list')).json().list as AlertMessageView[];
    const id = all[0]!.id;
    expect((await admin('GET', '/api/v1/messages/list?key=probe')).json().total).toBe(1);
    expect((await admin('GET', '/api/v1/messages/list?key=nothing_like%25this')).json().total).toBe(0);
    expect((await admin('GET', '/api/v1/messages/list?severity=warning')).json().total).toBe(0);
    await admin('POST', '/api/v1/messages/read', { ids: [id], read: false });
    const unread = (await admin('GET', '/api/v1/messages/list?read=unread')).json();
    expect(unread).toMatchObject({ total: 1, unreadCritical: 1 });
    const bad = await admin('GET', '/api/v1/messages/list?startDate=10&endDate=5');
    expect(bad.json().err_message).toBe(messages.messagesRangeInvalid);
  });

  test("a rule about a profile's rollouts keeps the profile it watches; the controller's events the controller", async () => {
    const profile = await admin('POST', '/api/v1/mission/profile/create', {
      name: 'Branch Wi-Fi',
      kind: 'wifi',
      body: { mode: '2.4G', channel: 6, bandwidth: 20, tx_power: 100, list: [], authentication: [] },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const profileId = profile.json().profile.id as number;
    const made = await admin('POST', '/api/v1/messages/rules/add', {
      name: 'Rollouts',
      description: 'A profile rollout or a job failed',
      events: ['profileFailed', 'jobFailed'],
      controller: true,
      profileIds: [profileId],
      severity: 'warning',
    });
    expect(made.statusCode, made.body).toBe(200);
    const listed = (await admin('GET', '/api/v1/messages/rules/list')).json().list as EventRuleView[];
    expect(listed.find((r) => r.id === made.json().id)).toMatchObject({
      controller: true,
      profileIds: [profileId],
      allDevices: false,
    });
  });

  test('every SPEC 5 notification rule: 400 in its words, nothing written', async () => {
    const rule = {
      name: 'R',
      description: 'D',
      events: ['offline'],
      allDevices: true,
      severity: 'warning',
    };
    const email = {
      channel: 'email',
      configName: 'Mail',
      smtpServer: 'mail.acme.com',
      port: 25,
      userName: 'noc',
      sender: 'console@acme.com',
      receivers: ['noc@acme.com'],
    };
    const cases: [string, object, MessageCode][] = [
      ['/api/v1/messages/rules/add', { ...rule, name: '' }, 'notifyRuleNameEmpty'],
      ['/api/v1/messages/rules/add', { ...rule, description: ' ' }, 'notifyDescriptionEmpty'],
      ['/api/v1/messages/rules/add', { ...rule, events: [] }, 'notifyEventsRequired'],
      ['/api/v1/messages/rules/add', { ...rule, allDevices: false }, 'notifyDeviceRequired'],
      ['/api/v1/messages/rules/add', { ...rule, severity: 'loud' }, 'invalidChoice'],
      // The controller's own events need the controller, a profile's the profiles it watches.
      [
        '/api/v1/messages/rules/add',
        { ...rule, events: ['offline', 'jobFailed'] },
        'notifyControllerRequired',
      ],
      ['/api/v1/messages/rules/add', { ...rule, events: ['profileFailed'] }, 'notifyProfileRequired'],
      [
        '/api/v1/messages/rules/add',
        { ...rule, events: ['profileFailed'], profileIds: [987_654] },
        'notifyProfileUnknown',
      ],
      ['/api/v1/notify/contacts/add', { ...email, configName: '' }, 'notifyConfigNameEmpty'],
      ['/api/v1/notify/contacts/add', { ...email, userName: '' }, 'usernameEmpty'],
      ['/api/v1/notify/contacts/add', { ...email, sender: '' }, 'notifySenderEmpty'],
      ['/api/v1/notify/contacts/add', { ...email, smtpServer: '' }, 'smtpHostEmpty'],
      ['/api/v1/notify/contacts/add', { ...email, receivers: [] }, 'notifyReceiverRequired'],
      ['/api/v1/notify/contacts/add', { ...email, receivers: ['not-mail'] }, 'emailFormat'],
      [
        '/api/v1/notify/contacts/add',
        { channel: 'telegram', configName: 'T', receivers: ['1'] },
        'notifyTokenEmpty',
      ],
      [
        '/api/v1/notify/contacts/add',
        { channel: 'telegram', configName: 'T', token: 'x', receivers: [] },
        'notifyReceiverIdRequired',
      ],
      [
        '/api/v1/notify/contacts/add',
        { channel: 'dingtalk', configName: 'D', token: 'x' },
        'notifyAppSecretEmpty',
      ],
      [
        '/api/v1/notify/contacts/add',
        { channel: 'sms', configName: 'S', url: 'https://sms.acme.com/send', receivers: [] },
        'notifyPhoneRequired',
      ],
      [
        '/api/v1/notify/contacts/add',
        { channel: 'webhook', configName: 'W', url: 'ftp://x' },
        'notifyUrlInvalid',
      ],
      ['/api/v1/notify/add', { contactId: 1 }, 'notifyRuleRequired'],
      ['/api/v1/notify/add', { ruleId: 1 }, 'notifyConfigRequired'],
    ];
    const before = await snapshot(edge);
    for (const [path, body, code] of cases) {
      const res = await admin('POST', path, body);
      expect(res.statusCode, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(res.json().err_message, `${path} ${JSON.stringify(body)}`).toBe(messages[code]);
    }
    expect(await snapshot(edge)).toBe(before);
  });
});
