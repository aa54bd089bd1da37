import { describe, expect, test } from 'vitest';
import { mayPublish, mayRetain, maySubscribe, type Peer } from './access.ts';
import { topicMatches } from './topic-filter.ts';

const mine = '0123456789abcdef';
const other = 'fedcba9876543210';
const device: Peer = { kind: 'device', deviceId: mine };
const enrolling: Peer = { kind: 'enrol', serial: 'SIM-000001' };

describe('topic rights', () => {
  test('a device publishes only its own uplink channels', () => {
    for (const channel of [
      'status',
      'hello',
      'heartbeat',
      'telemetry',
      'events',
      'rpc/res',
      'ping',
      'tty/s1/out',
    ]) {
      expect(mayPublish(device, `edge/v1/${mine}/${channel}`)).toBe(true);
      expect(mayPublish(device, `edge/v1/${other}/${channel}`)).toBe(false);
    }
    for (const topic of [
      `edge/v1/${mine}/rpc/req`,
      `edge/v1/${mine}/pong`,
      `edge/v1/${mine}/tty/s1/in`,
      `edge/v1/${mine}`,
      '$SYS/x',
      'edge/v1/enrol/SIM-000001/request',
    ]) {
      expect(mayPublish(device, topic)).toBe(false);
    }
  });

  test('a device subscribes only to its own downlink channels, without wildcards above them', () => {
    for (const filter of [
      `edge/v1/${mine}/rpc/req`,
      `edge/v1/${mine}/pong`,
      `edge/v1/${mine}/tty/+/in`,
      `edge/v1/${mine}/tty/abc/in`,
    ]) {
      expect(maySubscribe(device, filter)).toBe(true);
    }
    for (const filter of [
      `edge/v1/${other}/rpc/req`,
      'edge/v1/+/rpc/req',
      `edge/v1/${mine}/#`,
      `edge/v1/${mine}/heartbeat`,
      `edge/v1/${mine}/tty/#`,
      '#',
    ]) {
      expect(maySubscribe(device, filter)).toBe(false);
    }
  });

  test('an enrolling agent touches only its own serial', () => {
    expect(mayPublish(enrolling, 'edge/v1/enrol/SIM-000001/request')).toBe(true);
    expect(mayPublish(enrolling, 'edge/v1/enrol/SIM-000002/request')).toBe(false);
    expect(maySubscribe(enrolling, 'edge/v1/enrol/SIM-000001/reply')).toBe(true);
    expect(maySubscribe(enrolling, 'edge/v1/enrol/+/reply')).toBe(false);
  });

  test('only the presence word may be retained', () => {
    expect(mayRetain(`edge/v1/${mine}/status`)).toBe(true);
    expect(mayRetain(`edge/v1/${mine}/heartbeat`)).toBe(false);
  });
});

describe('topic filters', () => {
  test('match as MQTT says', () => {
    expect(topicMatches('edge/v1/+/heartbeat', `edge/v1/${mine}/heartbeat`)).toBe(true);
    expect(topicMatches('edge/v1/+/heartbeat', `edge/v1/${mine}/rpc/res`)).toBe(false);
    expect(topicMatches('edge/v1/#', `edge/v1/${mine}/rpc/res`)).toBe(true);
    expect(topicMatches('edge/v1/+/rpc/res', `edge/v1/${mine}/rpc`)).toBe(false);
    expect(topicMatches('a/b', 'a/b/c')).toBe(false);
  });
});
