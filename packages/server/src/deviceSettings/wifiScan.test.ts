/**
 * multipleWan/wifiHotspot asks the device's radio (rpc wifi.scan), on SQLite and PostgreSQL: a simulated
 * device with Wi-Fi answers the networks it hears, one without a radio and an offline device are refused
 * with a clear message.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SETTINGS_API_ROOT, settingsReadResponses } from '@edge/protocol';
import { DIALECTS, type TestConsole } from '../testing/harness.ts';
import { caller, type Caller } from '../testing/accounts.ts';
import { startConsoleWithFleet, enrolByHand, mqttUrl, uniquePrefix, type Child } from '../testing/devices.ts';

/** Two with a radio (agent platform/catalogue.ts), one wired. */
const MODELS = ['RUT-X11 4G Gateway', 'RUTM50 5G Gateway', 'ER-605 Router'];
const FLEET = MODELS.length;
const SCAN = `${SETTINGS_API_ROOT}/multipleWan/wifiHotspot` as const;

describe.each(DIALECTS)('Wi-Fi scan for the WAN client (%s)', (dialect) => {
  const prefix = uniquePrefix();
  let edge: TestConsole;
  let fleet: Child | undefined;
  let admin: Caller;
  const scan = (id: string) => admin('GET', `${SCAN}?id=${id}`);

  beforeAll(async () => {
    const started = await startConsoleWithFleet(dialect, { count: FLEET, prefix, models: MODELS });
    ({ edge, fleet } = started);
    admin = caller(edge, started.session);
  });

  afterAll(async () => {
    await fleet?.stop();
    await edge?.destroy();
  });

  test('a device with a radio answers the networks it hears, strongest first', async () => {
    const withRadio = edge.devices.list().filter((d) => d.capabilities.includes('wifi'));
    expect(withRadio.length).toBe(2);
    const answers = [];
    for (const device of withRadio.slice(0, 2)) {
      const res = await scan(device.id);
      expect(res.statusCode, res.body).toBe(200);
      const body = settingsReadResponses[SCAN].parse(res.json());
      expect(body.list.length).toBeGreaterThan(0);
      for (const network of body.list)
        expect(network).toEqual({
          ssid: expect.any(String),
          bssid: expect.stringMatching(/^[0-9a-f]{2}(:[0-9a-f]{2}){5}$/),
          signalDbm: expect.any(Number),
          channel: expect.any(Number),
          security: expect.stringMatching(/^(open|WEP|WPA1|WPA2|WPA3)$/),
        });
      const signals = body.list.map((n) => n.signalDbm);
      expect(signals).toEqual([...signals].sort((a, b) => b - a));
      answers.push(body.list.map((n) => n.bssid));
    }
    // Each device hears its own neighbourhood.
    expect(answers[0]).not.toEqual(answers[1]);
  });

  test('a device without a radio says so', async () => {
    const noRadio = edge.devices.list().find((d) => d.online && !d.capabilities.includes('wifi'));
    expect(noRadio).toBeDefined();
    const res = await scan(noRadio!.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      err_code: 'deviceCommandFailed',
      err_message: 'The device could not carry out the command. This device has no Wi-Fi radio.',
    });
  });

  test('an offline device: 409 with the offline message', async () => {
    const serial = `${prefix}-OFF`;
    await edge.enrolment.provisionSerials([serial]);
    const { deviceId } = await enrolByHand(mqttUrl(edge), serial);
    const res = await scan(deviceId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ err_code: 'deviceOffline', err_message: 'Device is offline.' });
  });
});
