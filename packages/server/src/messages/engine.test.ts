/** The rule engine on fake devices: threshold events fire on crossing, 'online' only after 'offline', scopes hold. */
import { describe, expect, test } from 'vitest';
import type { EventRuleView, HeartbeatMessage } from '@edge/protocol';
import { deviceChanges } from '../devices/changes.ts';
import type { DeviceView } from '../devices/index.ts';
import type { RuleStore } from './rules.ts';
import type { Raise } from './store.ts';
import { ruleEngine } from './engine.ts';

const silent = { info() {}, warn() {}, error() {} };
const rule = (over: Partial<EventRuleView>): EventRuleView => ({
  id: 1,
  name: 'r',
  description: 'd',
  events: ['cpuHigh'],
  allDevices: false,
  deviceIds: ['a'],
  groupIds: [],
  controller: false,
  profileIds: [],
  severity: 'warning',
  holdOffMinutes: 10,
  enabled: true,
  quietFrom: '',
  quietTo: '',
  escalateMinutes: 0,
  escalateContactId: null,
  createdAt: 0,
  ...over,
});
const heartbeat = (cpuUsage: number, cpuTemp: number | null = 40): HeartbeatMessage => ({
  ts: 0,
  uptime: 1,
  cpuUsage,
  cpuCores: 1,
  cpuTemp,
  memory: { total: 1, used: 0 },
  disk: { total: 1, used: 0 },
  load: 'Low',
  counters: { rxBytes: 0, txBytes: 0, clients: 0 },
  reportInterval: 30,
  idle: false,
});

function setup(rules: EventRuleView[]) {
  const changes = deviceChanges(silent);
  const raised: Raise[] = [];
  const devices: Record<string, Partial<DeviceView>> = {
    a: { id: 'a', name: 'gw-a', groupId: null },
    b: { id: 'b', name: 'gw-b', groupId: 5 },
  };
  const engine = ruleEngine({
    rules: { enabled: async () => rules } as unknown as RuleStore,
    devices: { get: (id) => devices[id] as DeviceView | undefined, onChange: changes.on },
    raise: async (r) => raised.push(r),
    log: silent,
  });
  const settle = () => new Promise((r) => setTimeout(r, 10));
  return { changes, raised, engine, settle };
}

describe('rule engine', () => {
  test('CPU high fires when crossing the threshold, not on every report while it stays high', async () => {
    const { changes, raised, settle } = setup([rule({})]);
    for (const cpu of [10, 95, 97, 99, 20, 92])
      changes.emit({ type: 'heartbeat', deviceId: 'a', heartbeat: heartbeat(cpu) });
    await settle();
    expect(raised.map((r) => r.detail)).toEqual([
      'CPU usage is 95% (threshold 90%).',
      'CPU usage is 92% (threshold 90%).',
    ]);
    expect(raised[0]).toMatchObject({ dedupeKey: '1|cpuHigh|a|', deviceName: 'gw-a', holdOffMs: 600_000 });
  });

  test("'online' only for a device seen going offline; groups and every-device scopes", async () => {
    const { changes, raised, settle } = setup([
      rule({ id: 2, events: ['online', 'offline'], deviceIds: [], groupIds: [5] }),
      rule({ id: 3, events: ['temperatureHigh'], allDevices: true }),
    ]);
    changes.emit({ type: 'online', deviceId: 'b', at: 0 });
    changes.emit({ type: 'online', deviceId: 'a', at: 0 });
    changes.emit({ type: 'offline', deviceId: 'b', at: 1 });
    changes.emit({ type: 'offline', deviceId: 'a', at: 1 });
    changes.emit({ type: 'online', deviceId: 'b', at: 2 });
    changes.emit({ type: 'heartbeat', deviceId: 'a', heartbeat: heartbeat(5, 85) });
    await settle();
    expect(raised.map((r) => `${r.ruleId}:${r.event}:${r.deviceId}`)).toEqual([
      '2:offline:b',
      '2:online:b',
      '3:temperatureHigh:a',
    ]);
  });

  test('a failed job, an alarm by its code, a rolled back section once per version', async () => {
    const { changes, raised, engine, settle } = setup([
      rule({ id: 4, events: ['jobFailed', 'alarm', 'configRolledBack'], allDevices: true, controller: true }),
    ]);
    engine.job({ id: 9, title: 'Backup', state: 'failed', counts: { failed: 2 }, finishedAt: 5 } as never);
    engine.job({ id: 10, title: 'Ping', state: 'running', counts: { failed: 0 }, finishedAt: null } as never);
    changes.emit({
      type: 'event',
      deviceId: 'a',
      event: {
        ts: 0,
        level: 'error',
        program: 'x',
        message: 'fan stopped',
        alarm: { code: 'FAN', active: true },
      },
    });
    const view = { section: 'wan', state: 'rolled_back', outcome: 'rolled_back', desiredVersion: 3 } as never;
    engine.section('a', view);
    engine.section('a', view);
    await settle();
    expect(raised.map((r) => r.dedupeKey)).toEqual([
      '4|jobFailed|job:9|',
      '4|alarm|a|FAN',
      '4|configRolledBack|a|wan',
    ]);
    expect(raised[0]).toMatchObject({
      jobId: 9,
      deviceId: null,
      detail: 'Job "Backup" failed on 2 device(s).',
    });
  });

  test("a profile's failed rollout reaches the rules selecting that profile; the controller's events need it selected", async () => {
    const { raised, engine, settle } = setup([
      rule({ id: 5, events: ['profileFailed'], deviceIds: [], profileIds: [7] }),
      rule({ id: 6, events: ['profileFailed'], deviceIds: [], profileIds: [8] }),
      rule({ id: 7, events: ['jobFailed'], allDevices: true }),
      rule({
        id: 8,
        events: ['jobFailed', 'profileFailed'],
        deviceIds: [],
        controller: true,
        profileIds: [7],
      }),
    ]);
    const rollout = (id: number, profileId: number) =>
      ({
        id,
        kind: 'profiles.apply',
        title: 'Apply',
        params: { profileId, name: `P${profileId}`, kind: 'firewall', body: {}, values: [], by: 'admin' },
        state: 'failed',
        counts: { failed: 3 },
        finishedAt: 5,
      }) as never;
    engine.job(rollout(11, 7));
    engine.job(rollout(12, 9));
    await settle();
    expect(raised.map((r) => r.dedupeKey).sort()).toEqual([
      '5|profileFailed|job:11|7',
      '8|jobFailed|job:11|',
      '8|jobFailed|job:12|',
      '8|profileFailed|job:11|7',
    ]);
    expect(raised.find((r) => r.ruleId === 5)).toMatchObject({
      jobId: 11,
      detail: 'The rollout of profile "P7" failed on 3 device(s).',
    });
  });
});
