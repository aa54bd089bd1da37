import { describe, expect, test } from 'vitest';
import {
  deviceTopic,
  enrolTopic,
  everyDeviceTopic,
  fleetSerial,
  isSerial,
  loadLevel,
  parseDeviceTopic,
  parseEnrolTopic,
  rpcResponse,
  signalQuality,
  ttyTopic,
} from './index.ts';

describe('device topics', () => {
  const id = '0123456789abcdef';

  test('are built and read back under edge/v1/{deviceId}/', () => {
    expect(deviceTopic(id, 'rpc/req')).toBe(`edge/v1/${id}/rpc/req`);
    expect(everyDeviceTopic('heartbeat')).toBe('edge/v1/+/heartbeat');
    expect(parseDeviceTopic(deviceTopic(id, 'rpc/res'))).toEqual({ deviceId: id, channel: 'rpc/res' });
    expect(parseDeviceTopic(ttyTopic(id, 's1', 'out'))).toEqual({ deviceId: id, channel: 'tty/s1/out' });
  });

  test('enrolment topics never read as device topics, and the reverse', () => {
    expect(parseDeviceTopic(enrolTopic('SIM-000001', 'request'))).toBeNull();
    expect(parseEnrolTopic(enrolTopic('SIM-000001', 'request'))).toEqual({
      serial: 'SIM-000001',
      kind: 'request',
    });
    expect(parseEnrolTopic(deviceTopic(id, 'status'))).toBeNull();
    expect(parseDeviceTopic('edge/v1/+/status')).toBeNull();
  });

  test('serials may not carry MQTT separators or wildcards', () => {
    expect(isSerial(fleetSerial('SIM', 7))).toBe(true);
    expect(fleetSerial('SIM', 7)).toBe('SIM-000007');
    for (const bad of ['a/b', 'a+b', 'a#', '', ' x', 'x'.repeat(65)]) expect(isSerial(bad)).toBe(false);
  });
});

describe('device rules', () => {
  test('load level and signal quality follow their bands', () => {
    expect([10, 50, 79.9, 80].map(loadLevel)).toEqual(['Low', 'Medium', 'Medium', 'High']);
    expect([-80, -90, -100, -106].map(signalQuality)).toEqual(['excellent', 'excellent', 'good', 'poor']);
  });

  test('an RPC answer is exactly one of result, error or progress', () => {
    expect(rpcResponse.safeParse({ id: '1', result: { ok: true } }).success).toBe(true);
    expect(rpcResponse.safeParse({ id: '1', error: { code: 'busy', message: 'later' } }).success).toBe(true);
    expect(rpcResponse.safeParse({ id: '1', progress: 40, note: 'x' }).success).toBe(true);
    expect(rpcResponse.safeParse({ id: '1', progress: 140 }).success).toBe(false);
    expect(rpcResponse.safeParse({ id: '1', result: 1, error: { code: 'busy', message: '' } }).success).toBe(
      false,
    );
  });
});
