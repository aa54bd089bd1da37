/** The browser's live socket, played by a test: what the page sent, and the console's side of it. */
import { act } from '@testing-library/react';
import type { LiveMessage } from '@edge/protocol';

export class FakeSocket {
  static OPEN = 1;
  /** Every socket made since the test last emptied this. */
  static made: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  closed = false;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    act(() => this.onopen?.());
  }
  /** A message from the console; a string is sent as it is (e.g. one that is not JSON). */
  push(message: LiveMessage | string) {
    act(() => this.onmessage?.({ data: typeof message === 'string' ? message : JSON.stringify(message) }));
  }
  drop() {
    this.readyState = 3;
    act(() => this.onclose?.());
  }
}
