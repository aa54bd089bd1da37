/** The protocol client's parts: the shared scheduler, backoff, broker URLs and RPC dispatch. */
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { RpcResponse } from '@edge/protocol';
import { PlatformRefusal } from '../platform/platform.ts';
import { Backoff } from './backoff.ts';
import { brokerUrlFor } from './broker-url.ts';
import { RpcDispatcher, type RpcHandlers } from './rpc-dispatcher.ts';
import { HeapScheduler } from './scheduler.ts';
import { ReportInterval } from './latency.ts';
import { configRpcHandlers } from '../config/rpc.ts';

afterEach(() => vi.useRealTimers());

describe('the shared scheduler', () => {
  test('runs tasks in due order on one timer, repeats and cancels', () => {
    vi.useFakeTimers();
    const scheduler = new HeapScheduler();
    const ran: string[] = [];
    scheduler.after(300, () => ran.push('c'));
    scheduler.after(100, () => ran.push('a'));
    const cancel = scheduler.after(200, () => ran.push('never'));
    const stopEvery = scheduler.every(250, () => ran.push('tick'));
    cancel();
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(600);
    expect(ran).toEqual(['a', 'tick', 'c', 'tick']);
    stopEvery();
    vi.advanceTimersByTime(1000);
    expect(ran).toHaveLength(4);
    scheduler.stop();
  });
});

describe('backoff', () => {
  test('grows exponentially with jitter up to its ceiling, and starts over after a success', () => {
    const backoff = new Backoff({ initialMs: 1000, maxMs: 8000 }, () => 1);
    expect([1, 2, 3, 4, 5].map(() => backoff.next())).toEqual([1000, 2000, 4000, 8000, 8000]);
    backoff.reset();
    expect(backoff.next()).toBe(1000);
    const low = new Backoff({ initialMs: 1000, maxMs: 8000 }, () => 0);
    expect(low.next()).toBe(500);
  });
});

describe('broker URLs', () => {
  test('a console URL means MQTT over WebSocket at /mqtt; broker URLs stay', () => {
    expect(brokerUrlFor('http://127.0.0.1:8080')).toBe('ws://127.0.0.1:8080/mqtt');
    expect(brokerUrlFor('https://console.example.com/edge/')).toBe('wss://console.example.com/edge/mqtt');
    expect(brokerUrlFor('mqtt://broker:1883')).toBe('mqtt://broker:1883');
    expect(() => brokerUrlFor('ftp://x')).toThrow();
  });
});

describe('RPC dispatch', () => {
  const handlers = (overrides: Partial<RpcHandlers>): RpcHandlers => ({
    reboot: async () => ({ inMs: 5000 }),
    shutdown: async () => {
      throw new PlatformRefusal('unsupported', 'Cannot turn off this device.');
    },
    setIdle: async ({ idle }) => ({ idle }),
    setLogReport: async ({ mode }) => ({ mode }),
    getInfo: async () => {
      throw new Error('not here');
    },
    ping: async (args, progress) => {
      progress(50, 'half');
      return {
        target: args.target,
        transmitted: args.count,
        received: args.count,
        lossPercent: 0,
        rttMs: null,
        lines: [],
      };
    },
    traceroute: (_args, _progress, signal) =>
      new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error('aborted')))),
    'clients.unlink': async ({ mac }) => ({ mac, unlinked: false }),
    'secureMode.set': async ({ secureMode }) => ({ secureMode }),
    'wifi.scan': async () => ({ iface: 'wlan0', networks: [] }),
    'tunnel.open': async () => ({ shell: 'sh' }),
    'tunnel.close': async () => ({ closed: false }),
    'overlay.identity': async () => {
      throw new Error('not here');
    },
    'overlay.apply': async () => ({ applied: false }),
    'overlay.status': async () => ({ peers: [] }),
    upgrade: async () => {
      throw new Error('not here');
    },
    upgradeStatus: async () => {
      throw new Error('not here');
    },
    setLogo: async () => ({ size: 0 }),
    getLogo: async () => null,
    clearLogo: async () => ({ cleared: false }),
    iperf: async () => {
      throw new PlatformRefusal('unsupported', 'no iperf3');
    },
    speedtest: async () => {
      throw new PlatformRefusal('unsupported', 'no speedtest');
    },
    cellScan: async () => ({ modem: null, cells: [] }),
    'containers.deploy': async () => {
      throw new PlatformRefusal('unsupported', 'no engine');
    },
    'containers.list': async () => {
      throw new PlatformRefusal('unsupported', 'no engine');
    },
    'containers.action': async () => ({ container: null }),
    'containers.logs': async () => ({ lines: [] }),
    'containers.volume': async () => ({ volumes: [] }),
    'containers.network': async () => ({ networks: [] }),
    'containers.engine': async () => {
      throw new PlatformRefusal('unsupported', 'No container engine.');
    },
    'containers.inspect': async () => {
      throw new PlatformRefusal('unsupported', 'no engine');
    },
    'backup.archive': async () => {
      throw new PlatformRefusal('unsupported', 'no archive');
    },
    'backup.restore': async () => ({ files: 0 }),
    ...configRpcHandlers(null),
    ...overrides,
  });

  /** Dispatches the requests and waits until `expected` answers arrived (at most 5 s). */
  const run = async (requests: object[], expected: number, overrides: Partial<RpcHandlers> = {}) => {
    const answers: RpcResponse[] = [];
    const dispatcher = new RpcDispatcher(handlers(overrides), (r) => answers.push(r));
    for (const request of requests) dispatcher.handle(Buffer.from(JSON.stringify(request)));
    for (let waited = 0; answers.length < expected && waited < 5000; waited += 10)
      await new Promise((r) => setTimeout(r, 10));
    return answers;
  };

  test('answers once per id, with progress, refusals, bad parameters and deadlines', async () => {
    const answers = await run(
      [
        { id: '1', method: 'reboot', params: {}, deadlineMs: 1000 },
        { id: '1', method: 'reboot', params: {}, deadlineMs: 1000 },
        { id: '2', method: 'ping', params: { target: '8.8.8.8' }, deadlineMs: 1000 },
        { id: '3', method: 'shutdown', params: {}, deadlineMs: 1000 },
        { id: '4', method: 'setIdle', params: { idle: 'yes' }, deadlineMs: 1000 },
        { id: '5', method: 'selfDestruct', params: {}, deadlineMs: 1000 },
        { id: '6', method: 'traceroute', params: { target: '8.8.8.8' }, deadlineMs: 50 },
        { id: '7', method: 'getInfo', params: {}, deadlineMs: 1000 },
      ],
      8,
    );
    const byId = (id: string) => answers.filter((a) => a.id === id);
    expect(byId('1')).toEqual([{ id: '1', result: { inMs: 5000 } }]);
    expect(byId('2')).toEqual([
      { id: '2', progress: 50, note: 'half' },
      { id: '2', result: expect.objectContaining({ transmitted: 4 }) },
    ]);
    expect(byId('3')).toEqual([
      { id: '3', error: { code: 'unsupported', message: 'Cannot turn off this device.' } },
    ]);
    expect(byId('4')[0]).toMatchObject({ error: { code: 'badParams' } });
    expect(byId('5')[0]).toMatchObject({ error: { code: 'unknownMethod' } });
    expect(byId('6')[0]).toMatchObject({ error: { code: 'timeout' } });
    // Four calls were still running when it came: a router has little CPU to spare.
    expect(byId('7')[0]).toMatchObject({ error: { code: 'busy' } });
  });

  test('a handler that throws answers failed with its message', async () => {
    const [answer] = await run([{ id: '8', method: 'getInfo', params: {}, deadlineMs: 1000 }], 1);
    expect(answer).toEqual({ id: '8', error: { code: 'failed', message: 'not here' } });
  });
});

describe('the latency-based report interval', () => {
  test('follows the measured round trip (SPEC 9), and a lost pong counts as slow', async () => {
    const interval = new ReportInterval('latency');
    expect(interval.seconds).toBe(30);
    let now = 1000;
    const timers: (() => void)[] = [];
    const after = (_ms: number, fn: () => void) => (timers.push(fn), () => undefined);
    const measured = interval.measure(
      (ping) => {
        now += 40;
        interval.handlePong(Buffer.from(JSON.stringify(ping)), () => now);
      },
      after,
      () => now,
    );
    expect(await measured).toBe(5);
    const slow = interval.measure(
      () => undefined,
      after,
      () => now,
    );
    timers.at(-1)!();
    expect(await slow).toBe(60);
    expect(new ReportInterval(30).dueForMeasurement()).toBe(false);
  });
});
