/** SPEC 4: the terminal's socket helper retries every second while not open, at most 4 times, then closes. */
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { containerDesktopUrl, desktopUrl, sendWhenOpen, terminalUrl, type SocketLike } from './socket.ts';

function fakeSocket(readyState = 0) {
  const socket = {
    readyState,
    sent: [] as string[],
    closed: 0,
    send(data: string) {
      this.sent.push(data);
    },
    close() {
      this.closed += 1;
      this.readyState = 3;
    },
  };
  return socket satisfies SocketLike;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

test('an open socket sends at once', () => {
  const socket = fakeSocket(1);
  sendWhenOpen(socket, { type: 'resize', cols: 80, rows: 24 });
  expect(socket.sent).toEqual(['{"type":"resize","cols":80,"rows":24}']);
});

test('a connecting socket is tried every second and sends once open', () => {
  const socket = fakeSocket();
  sendWhenOpen(socket, { type: 'input', data: 'ls\r' });
  vi.advanceTimersByTime(999);
  expect(socket.sent).toEqual([]);
  vi.advanceTimersByTime(1000);
  socket.readyState = 1;
  vi.advanceTimersByTime(1000);
  expect(socket.sent).toEqual(['{"type":"input","data":"ls\\r"}']);
  expect(socket.closed).toBe(0);
});

test('still not open after four retries: the socket is closed and nothing sent', () => {
  const socket = fakeSocket();
  sendWhenOpen(socket, { type: 'input', data: 'x' });
  vi.advanceTimersByTime(3999);
  expect(socket.closed).toBe(0);
  vi.advanceTimersByTime(1);
  expect(socket.closed).toBe(1);
  expect(socket.sent).toEqual([]);
});

test('the address follows the page: wss under https', () => {
  expect(terminalUrl('00ff', { protocol: 'https:', host: 'edge.example' })).toBe(
    'wss://edge.example/websocket/v1/inventory/terminal?id=00ff',
  );
  expect(terminalUrl('00ff', { protocol: 'http:', host: 'localhost:8080' })).toBe(
    'ws://localhost:8080/websocket/v1/inventory/terminal?id=00ff',
  );
  // SPEC 7: a container's shell by device id and container name.
  expect(terminalUrl('00ff', { protocol: 'http:', host: 'localhost:8080' }, 'web app')).toBe(
    'ws://localhost:8080/websocket/v1/container/terminal?id=00ff&containerName=web%20app',
  );
  // The remote desktop's socket, beside the terminal's.
  expect(desktopUrl('00ff', { protocol: 'https:', host: 'edge.example' })).toBe(
    'wss://edge.example/websocket/v1/inventory/desktop?id=00ff',
  );
  // SPEC 7: a container's graphical session by device id and the container's UUID.
  expect(containerDesktopUrl('00ff', '6f1c-2a9e', { protocol: 'https:', host: 'edge.example' })).toBe(
    'wss://edge.example/websocket/v1/container/terminal?id=00ff&uuid=6f1c-2a9e',
  );
});
