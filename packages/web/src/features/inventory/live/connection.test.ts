import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveConnection, RETRY_MAX_MS, RETRY_MS, liveUrl, retryDelay } from './connection.ts';

class FakeSocket {
  static OPEN = 1;
  readyState = 0;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {}
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close() {
    this.closed = true;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  drop() {
    this.readyState = 3;
    this.onclose?.();
  }
}

describe('live connection', () => {
  let sockets: FakeSocket[];
  let connection: LiveConnection;

  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', FakeSocket);
    sockets = [];
    connection = new LiveConnection((url) => {
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
    expect(liveUrl({ protocol: 'http:', host: 'console:8080' })).toBe('ws://console:8080/websocket/v1/inventory/live');
    expect(liveUrl({ protocol: 'https:', host: 'console' })).toBe('wss://console/websocket/v1/inventory/live');
  });

  it('retries every second at first, then backs off', () => {
    expect([0, 1, 2, 3].map(retryDelay)).toEqual([RETRY_MS, RETRY_MS, RETRY_MS, RETRY_MS]);
    expect(retryDelay(4)).toBeGreaterThan(RETRY_MS);
    expect(retryDelay(50)).toBe(RETRY_MAX_MS);
  });

  it('opens while held, hands messages over, reconnects and subscribes again', () => {
    const handler = vi.fn();
    const release = connection.hold(handler);
    expect(sockets).toHaveLength(1);
    const stop = connection.watchDevice('abc');
    sockets[0]!.open();
    expect(connection.getState()).toBe('open');
    expect(sockets[0]!.sent).toEqual([{ subscribe: ['abc'] }]);

    sockets[0]!.onmessage?.({ data: JSON.stringify({ type: 'hello', numOnline: 1, numOffline: 0, at: 1 }) });
    sockets[0]!.onmessage?.({ data: 'not json' });
    expect(handler).toHaveBeenCalledTimes(1);
    expect(handler.mock.calls[0]![1]).toEqual({ opens: 1 });

    sockets[0]!.drop();
    expect(connection.getState()).toBe('connecting');
    vi.advanceTimersByTime(RETRY_MS);
    expect(sockets).toHaveLength(2);
    sockets[1]!.open();
    expect(sockets[1]!.sent).toEqual([{ subscribe: ['abc'] }]);

    stop();
    expect(sockets[1]!.sent).toEqual([{ subscribe: ['abc'] }, { unsubscribe: ['abc'] }]);
    release();
    expect(sockets[1]!.closed).toBe(true);
    expect(connection.getState()).toBe('closed');
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(2);
  });

  it('stays open until the last holder lets go', () => {
    const a = connection.hold(() => undefined);
    const b = connection.hold(() => undefined);
    sockets[0]!.open();
    a();
    expect(sockets[0]!.closed).toBe(false);
    b();
    expect(sockets[0]!.closed).toBe(true);
  });
});
