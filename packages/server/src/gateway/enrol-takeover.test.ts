/**
 * Issue 13: a second enrolment CONNECT with a waiting agent's client id used to close the agent's live
 * connection (MQTT-3.1.4-2), so anyone who knew a serial could keep it off the console. The embedded broker
 * (real aedes, real mqtt.js clients) now lets it take over only with the key the console holds.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { MqttClient } from 'mqtt';
import {
  ENROL_PASSWORD,
  ENROL_USERNAME,
  enrolClientId,
  enrolKeyPassword,
  enrolReply,
  enrolTopic,
} from '@edge/protocol';
import { TEST_ENROL_SECRET, type TestConsole } from '../testing/harness.ts';
import {
  closesWithin,
  connect,
  connectAs,
  enrolByHand,
  handRequest,
  mqttUrl,
  startListeningConsole,
  uniquePrefix,
} from '../testing/devices.ts';

const IDENTIFIER_REJECTED = 2;
const newKey = () => randomBytes(32).toString('base64url');

/** The broker's CONNACK refusal code, or 0 when it accepted (the client is then closed). */
async function refusalOf(connecting: Promise<MqttClient>): Promise<number> {
  try {
    const client = await connecting;
    client.end(true);
    return 0;
  } catch (err) {
    return (err as { code?: number }).code ?? -1;
  }
}

const enrolConnect = (url: string, serial: string, password = ENROL_PASSWORD) =>
  connect(url, { clientId: enrolClientId(serial), username: ENROL_USERNAME, password });

/** An agent waiting for adoption: its enrolment connection stays open, as a real agent's does. */
async function waitingAgent(url: string, serial: string, key: string): Promise<MqttClient> {
  const client = await enrolConnect(url, serial);
  const pending = new Promise<void>((resolve) =>
    client.on('message', (_topic, payload) => {
      const reply = enrolReply.safeParse(JSON.parse(payload.toString()));
      if (reply.success && reply.data.status === 'pending') resolve();
    }),
  );
  await client.subscribeAsync(enrolTopic(serial, 'reply'), { qos: 1 });
  await client.publishAsync(
    enrolTopic(serial, 'request'),
    JSON.stringify(handRequest(serial, key, { secret: TEST_ENROL_SECRET })),
    {
      qos: 1,
    },
  );
  await pending;
  return client;
}

describe('taking over a live enrolment connection (embedded broker)', () => {
  const prefix = uniquePrefix();
  let edge: TestConsole;
  let url: string;

  beforeAll(async () => {
    edge = await startListeningConsole('sqlite');
    url = mqttUrl(edge);
  });
  afterAll(() => edge?.destroy());

  test("an impostor using a waiting agent's client id is refused and the agent stays connected", async () => {
    const serial = `${prefix}-WAIT`;
    const key = newKey();
    const agent = await waitingAgent(url, serial, key);
    try {
      const dropped = closesWithin(agent, 1500);
      expect(await refusalOf(enrolConnect(url, serial))).toBe(IDENTIFIER_REJECTED);
      expect(await refusalOf(enrolConnect(url, serial, enrolKeyPassword(newKey())))).toBe(
        IDENTIFIER_REJECTED,
      );
      expect(await refusalOf(enrolConnect(url, serial, 'key:'))).toBe(IDENTIFIER_REJECTED);
      expect(await dropped).toBe(false);
      expect(agent.connected).toBe(true);
    } finally {
      agent.end(true);
    }
  });

  test('the agent itself takes over its own live connection by proving its key (a half-open socket)', async () => {
    const serial = `${prefix}-SELF`;
    const key = newKey();
    const stale = await waitingAgent(url, serial, key);
    const dropped = closesWithin(stale, 3000);
    const fresh = await enrolConnect(url, serial, enrolKeyPassword(key));
    try {
      expect(await dropped).toBe(true);
      expect(fresh.connected).toBe(true);
    } finally {
      fresh.end(true);
    }
  });

  test('a serial whose enrolment the console has not taken keeps the usual takeover (nothing to protect)', async () => {
    const serial = `${prefix}-NONE`;
    const first = await enrolConnect(url, serial);
    const dropped = closesWithin(first, 3000);
    const second = await enrolConnect(url, serial);
    try {
      expect(await dropped).toBe(true);
    } finally {
      second.end(true);
    }
  });

  test('an adopted serial: a live enrolment connection is not taken over without the adopted key', async () => {
    const serial = `${prefix}-ADOPTED`;
    await edge.enrolment.provisionSerials([serial]);
    const device = await enrolByHand(url, serial);
    // A device connection was never at risk: its client id is its id and needs its key.
    const online = await connectAs(url, device);
    const holder = await enrolConnect(url, serial);
    try {
      const dropped = closesWithin(holder, 1500);
      expect(await refusalOf(enrolConnect(url, serial))).toBe(IDENTIFIER_REJECTED);
      expect(
        await refusalOf(
          connect(url, { clientId: device.deviceId, username: device.deviceId, password: newKey() }),
        ),
      ).toBe(5);
      expect(await dropped).toBe(false);
      expect(online.connected).toBe(true);
    } finally {
      holder.end(true);
      online.end(true);
    }
  });
});
