/**
 * License Lock beyond the configuration (issue 23): a locked device's terminal socket opens only to say
 * 'licenseLocked' and close normally, no shell started; an application deploy is refused at once when
 * every chosen device is locked (nothing written), and per device when some are licensed (the locked
 * device's step fails with the licence's message, the other goes on); the container licence's count is
 * the licences'.
 */
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_API, deviceTopic, messages, type JobDetail, type TemplateView } from '@edge/protocol';
import { signIn, type TestConsole } from '../testing/harness.ts';
import { caller, type Caller } from '../testing/accounts.ts';
import {
  connectAs,
  consoleUrl,
  enrolByHand,
  mqttUrl,
  startListeningConsole,
  uniquePrefix,
  waitFor,
} from '../testing/devices.ts';
import { multipart } from '../testing/files.ts';
import { openTerminal } from '../testing/terminal.ts';
import { dayFrom, signTestLicense, trustTestLicenses } from '../testing/licenses.ts';

describe('License Lock refuses the terminal and deploys', () => {
  let edge: TestConsole;
  let admin: Caller;
  let hand: MqttClient | undefined;
  let locked = '';
  let licensed = '';
  const prefix = uniquePrefix();

  beforeAll(async () => {
    edge = await startListeningConsole('sqlite', trustTestLicenses);
    admin = caller(edge, await signIn(edge));
    const serials = [`${prefix}-LOCK`, `${prefix}-OK`];
    await edge.enrolment.provisionSerials(serials);
    const lockedHand = await enrolByHand(mqttUrl(edge), serials[0]!);
    locked = lockedHand.deviceId;
    // The licensed device never connects: its deploy step fails fast as offline, not on the licence.
    licensed = (await enrolByHand(mqttUrl(edge), serials[1]!)).deviceId;
    const body = multipart(
      signTestLicense({
        id: 'ONE',
        name: 'One router',
        startDate: dayFrom(-1),
        endDate: dayFrom(30),
        devices: [{ sn: serials[1] }],
        containers: [{ applicationName: 'whoami', count: 2 }],
      }),
      'one.lic',
    );
    const up = await admin('POST', '/api/v1/license/upload', body.payload, body.headers);
    expect(up.statusCode, up.body).toBe(200);
    hand = await connectAs(mqttUrl(edge), lockedHand);
    const hello = {
      serial: serials[0],
      model: 'Hand Device',
      firmware: '1',
      hostname: 'hand',
      capabilities: ['containers'],
      interfaces: [],
      reportInterval: 30,
      ip: '127.0.0.1',
      mac: '02:00:00:00:00:02',
      secureMode: 'Unlimited',
    };
    await hand.publishAsync(deviceTopic(locked, 'hello'), JSON.stringify(hello), { qos: 1 });
    await waitFor(() => edge.devices.get(locked)?.online, 'the locked device online');
    // The adoption reaches the licence feature after its settling delay.
    await waitFor(
      async () =>
        (await admin('GET', '/api/v1/license/status')).json<{ lockedDevices: number }>().lockedDevices === 1,
      'one device locked',
    );
  }, 60_000);

  afterAll(async () => {
    await hand?.endAsync(true);
    await edge?.destroy();
  });

  it("closes a locked device's terminal normally with the licence's reason, no session started", async () => {
    const term = await openTerminal(consoleUrl(edge), locked, (await signIn(edge)).headers(false));
    const closed = await term.closed;
    expect(closed).toEqual({ code: 1000, reason: 'licenseLocked' });
    expect(term.words).toEqual([{ type: 'closed', reason: 'licenseLocked' }]);
    expect(edge.terminal.counts().open).toBe(0);
  });

  it('refuses a deploy to locked devices only, and fails the locked step of a mixed one', async () => {
    const made = await admin('POST', `${APPLICATION_API}/templates`, {
      appName: 'whoami',
      imageName: 'traefik/whoami',
      tag: 'v1.10',
      resource: 'medium',
      env: [],
      ports: [],
      volumes: [],
      icon: 'https://example.com/whoami.png',
      category: 'tools',
      description: 'Answers who it is',
    });
    expect(made.statusCode, made.body).toBe(200);
    const templateId = made.json<TemplateView>().id;
    // The container licence's count is the licences' (2 granted), no longer unlimited.
    const view = await admin('GET', `${APPLICATION_API}/licence`);
    expect(view.json()).toMatchObject({ count: 2, unused: 2 });
    const jobsBefore = await edge.store.db.selectFrom('jobs').select('id').execute();

    const refused = await admin('POST', `${APPLICATION_API}/deploy`, { templateId, deviceIds: [locked] });
    expect(refused.statusCode).toBe(423);
    expect(refused.json()).toEqual({ err_code: 'licenseLocked', err_message: messages.licenseLocked });
    expect(await edge.store.db.selectFrom('jobs').select('id').execute()).toEqual(jobsBefore);

    const mixed = await admin('POST', `${APPLICATION_API}/deploy`, {
      templateId,
      deviceIds: [locked, licensed],
    });
    expect(mixed.statusCode, mixed.body).toBe(200);
    const jobId = mixed.json<JobDetail>().job.id;
    // The licensed device is offline: its step waits for it, so only the locked one's outcome is awaited.
    const step = await waitFor(async () => {
      const detail = await edge.jobs.get(jobId);
      return detail.steps.find((s) => s.deviceId === locked && s.reason !== null);
    }, "the locked device's step failed");
    expect(step.reason).toBe('licenseLocked');
    const other = (await edge.jobs.get(jobId)).steps.find((s) => s.deviceId === licensed);
    expect(other?.reason ?? null).not.toBe('licenseLocked');
  }, 60_000);
});
