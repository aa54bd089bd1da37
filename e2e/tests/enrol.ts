/**
 * An agent asking to enrol, driven by hand over the console's MQTT at /mqtt (the protocol of
 * packages/protocol/src/device-enrolment.ts), so the browser tests can fill Discovery with waiting devices
 * and conflicting claims that the demo fleet never makes.
 */
import { createHash, randomBytes } from 'node:crypto';
import mqtt from 'mqtt';
import {
  ENROL_PASSWORD,
  ENROL_USERNAME,
  enrolClientId,
  enrolReply,
  enrolTopic,
  keyFingerprint,
  type EnrolReply,
} from '@edge/protocol';

export const newEnrolKey = (): string => randomBytes(32).toString('base64url');
/** How Provision shows a key: what the operator compares with the device's log. */
export const fingerprintOf = (key: string): string =>
  keyFingerprint(createHash('sha256').update(key).digest('hex'));

/** Sends one enrolment request with the organisation's secret and resolves with the console's answer. */
export async function askToEnrol(
  consoleUrl: string,
  serial: string,
  secret: string,
  key = newEnrolKey(),
): Promise<EnrolReply['status']> {
  const client = await mqtt.connectAsync(`${consoleUrl.replace(/^http/, 'ws')}/mqtt`, {
    clientId: enrolClientId(serial),
    username: ENROL_USERNAME,
    password: ENROL_PASSWORD,
    reconnectPeriod: 0,
    protocolVersion: 4,
  });
  try {
    const answered = new Promise<EnrolReply['status']>((resolve) =>
      client.on('message', (_topic, payload) => {
        const reply = enrolReply.safeParse(JSON.parse(payload.toString()));
        if (reply.success) resolve(reply.data.status);
      }),
    );
    await client.subscribeAsync(enrolTopic(serial, 'reply'), { qos: 1 });
    const request = {
      serial,
      model: 'E2E Device',
      mac: '02:00:00:00:00:0e',
      ip: '127.0.0.1',
      ifaceName: 'eth0',
      firmware: '1.0',
      key,
      secret,
    };
    await client.publishAsync(enrolTopic(serial, 'request'), JSON.stringify(request), { qos: 1 });
    return await answered;
  } finally {
    await client.endAsync();
  }
}
