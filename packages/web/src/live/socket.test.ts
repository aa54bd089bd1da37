import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveSockets, RETRY_MAX_MS, RETRY_MS, liveUrl, retryDelay } from './socket.ts';
import { FakeSocket } from '../test/fakeSocket.ts';

describe('live sockets', () => {
  let sockets: FakeSocket[];
  let live: LiveSockets;

  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', FakeSocket);
    sockets = [];
    live = new LiveSockets((url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket as unknown as WebSocket;
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('uses ws or wss on the same host', () => {
    expect(liveUrl({ protocol: 'http:', host: 'console:8080' })).toBe('ws://console:8080/websocket/v1/live');
    expect(liveUrl({ protocol: 'https:', host: 'console' })).toBe('wss://console/websocket/v1/live');
  });

  it('retries every second at first, then backs off', () => {
    expect([0, 1, 2, 3].map(retryDelay)).toEqual([RETRY_MS, RETRY_MS, RETRY_MS, RETRY_MS]);
    expect(retryDelay(4)).toBeGreaterThan(RETRY_MS);
    expect(retryDelay(50)).toBe(RETRY_MAX_MS);
  });

  it('opens while subscribed, hands each key its data, reconnects and subscribes again', () => {
    const dashboard = { onData: vi.fn(), onReopen: vi.fn() };
    const stop = live.subscribe('inventory.dashboard', 'abc', dashboard);
    expect(sockets).toHaveLength(1);
    sockets[0]!.open();
    expect(live.getState()).toBe('open');
    expect(sockets[0]!.sent).toEqual([{ subscribe: { channel: 'inventory.dashboard', keys: ['abc'] } }]);

    sockets[0]!.push({ channel: 'inventory.dashboard', key: 'abc', data: { n: 1 } });
    sockets[0]!.push({ channel: 'inventory.dashboard', key: 'other', data: { n: 2 } });
    sockets[0]!.push({ channel: 'inventory.devices', key: 'abc', data: { n: 3 } });
    sockets[0]!.push('not json');
    expect(dashboard.onData.mock.calls).toEqual([[{ n: 1 }]]);
    expect(dashboard.onReopen).not.toHaveBeenCalled();

    sockets[0]!.drop();
    expect(live.getState()).toBe('connecting');
    vi.advanceTimersByTime(RETRY_MS);
    expect(sockets).toHaveLength(2);
    sockets[1]!.open();
    expect(sockets[1]!.sent).toEqual([{ subscribe: { channel: 'inventory.dashboard', keys: ['abc'] } }]);
    expect(dashboard.onReopen).toHaveBeenCalledTimes(1);

    stop();
    expect(sockets[1]!.sent.at(-1)).toEqual({
      unsubscribe: { channel: 'inventory.dashboard', keys: ['abc'] },
    });
    expect(sockets[1]!.closed).toBe(true);
    expect(live.getState()).toBe('closed');
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(2);
  });

  it('subscribes a key once for many screens, and stays open until the last one lets go', () => {
    const a = live.subscribe('inventory.devices', '', { onData: () => undefined });
    sockets[0]!.open();
    const onData = vi.fn();
    const b = live.subscribe('inventory.devices', '', { onData });
    const c = live.subscribe('inventory.dashboard', 'x', { onData: () => undefined });
    expect(sockets[0]!.sent).toEqual([
      { subscribe: { channel: 'inventory.devices', keys: [''] } },
      { subscribe: { channel: 'inventory.dashboard', keys: ['x'] } },
    ]);
    sockets[0]!.push({ channel: 'inventory.devices', key: '', data: 1 });
    expect(onData).toHaveBeenCalledWith(1);
    a();
    c();
    expect(sockets[0]!.closed).toBe(false);
    expect(sockets[0]!.sent).toHaveLength(3);
    b();
    expect(sockets[0]!.closed).toBe(true);
    expect(sockets).toHaveLength(1);
  });
});
