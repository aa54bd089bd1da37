/** The device's end of the tunnel: credit limits output and pauses the shell; bad frames end the stream. */
import { expect, test } from 'vitest';
import { decodeFrame, encodeFrame, TUNNEL_MAX_FRAME, TUNNEL_WINDOW } from '@edge/protocol';
import { lineLog } from '../log.ts';
import type { TerminalIo } from '../ports/terminal.ts';
import { Tunnels } from './tunnels.ts';

function rig() {
  const sent: Uint8Array[] = [];
  const subscribed = new Set<string>();
  const tunnels = new Tunnels(
    {
      topic: (s, d) => `edge/v1/dev/tty/${s}/${d}`,
      publish: (_topic, payload) => sent.push(payload),
      subscribe: async (topic) => void subscribed.add(topic),
      unsubscribe: (topic) => void subscribed.delete(topic),
    },
    lineLog('silent'),
  );
  const events: string[] = [];
  let io: TerminalIo | null = null;
  const start = async (given: TerminalIo) => {
    io = given;
    return {
      shell: 'test',
      write: (d: Uint8Array) => void events.push(`in:${Buffer.from(d).toString()}`),
      resize: (s: { cols: number; rows: number }) => void events.push(`size:${s.cols}x${s.rows}`),
      pause: () => void events.push('pause'),
      resume: () => void events.push('resume'),
      close: () => void events.push('close'),
    };
  };
  const frames = () => sent.map((p) => decodeFrame(p)!);
  return { tunnels, sent, subscribed, events, start, frames, io: () => io! };
}

const session = 'a'.repeat(32);
const inTopic = `edge/v1/dev/tty/${session}/in`;

test('output goes only as far as the credit; the shell pauses, and resumes once credit comes', async () => {
  const r = rig();
  await r.tunnels.open(session, 100, r.start);
  expect(r.subscribed.has(inTopic)).toBe(true);
  r.io().output(new Uint8Array(250).fill(65));
  expect(r.frames().map((f) => f.type === 'data' && f.data.length)).toEqual([100]);
  expect(r.events).toEqual(['pause']);
  r.tunnels.handle(inTopic, encodeFrame({ type: 'credit', bytes: 100 }));
  expect(r.frames().map((f) => f.type === 'data' && f.data.length)).toEqual([100, 100]);
  expect(r.events).toEqual(['pause']);
  r.tunnels.handle(inTopic, encodeFrame({ type: 'credit', bytes: 100 }));
  expect(r.frames().map((f) => f.type === 'data' && f.data.length)).toEqual([100, 100, 50]);
  expect(r.events).toEqual(['pause', 'resume']);
});

test('input, resize and close frames reach the shell; a bad frame ends the stream and says why', async () => {
  const r = rig();
  await r.tunnels.open(session, 1000, r.start);
  r.tunnels.handle(inTopic, encodeFrame({ type: 'data', data: Buffer.from('ls\r') }));
  r.tunnels.handle(inTopic, encodeFrame({ type: 'resize', cols: 100, rows: 40 }));
  expect(r.events).toEqual(['in:ls\r', 'size:100x40']);
  const oversize = new Uint8Array(TUNNEL_MAX_FRAME + 2);
  r.tunnels.handle(inTopic, oversize);
  expect(r.events.at(-1)).toBe('close');
  expect(r.frames().at(-1)).toEqual({ type: 'close', reason: 'bad frame' });
  expect(r.subscribed.size).toBe(0);
  expect(r.tunnels.count).toBe(0);
});

test('a shell that ends sends its last output before the close', async () => {
  const r = rig();
  await r.tunnels.open(session, 4, r.start);
  r.io().output(Buffer.from('bye!!'));
  r.io().ended('exited with 0');
  expect(r.tunnels.count).toBe(1);
  r.tunnels.handle(inTopic, encodeFrame({ type: 'credit', bytes: 4 }));
  expect(r.frames().map((f) => f.type)).toEqual(['data', 'data', 'close']);
  expect(r.tunnels.count).toBe(0);
});

test('input is credited back once the session took it, later when taking it takes time; past the window it ends', async () => {
  const r = rig();
  let release: () => void = () => undefined;
  const slow = async (given: TerminalIo) => ({
    ...(await r.start(given)),
    write: (d: Uint8Array) =>
      new Promise<void>((done) => {
        r.events.push(`in:${d.length}`);
        release = done;
      }),
  });
  const opened = await r.tunnels.open(session, 1000, slow);
  expect(opened.window).toBe(TUNNEL_WINDOW);
  r.tunnels.handle(inTopic, encodeFrame({ type: 'data', data: new Uint8Array(TUNNEL_MAX_FRAME) }));
  await new Promise((resolve) => setImmediate(resolve));
  // Not taken yet: no credit.
  expect(r.frames()).toEqual([]);
  release();
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(r.frames()).toEqual([{ type: 'credit', bytes: TUNNEL_MAX_FRAME }]);

  // A console that sends past the window it was given (nothing taken meanwhile) is cut off.
  for (let sent = 0; sent <= TUNNEL_WINDOW; sent += TUNNEL_MAX_FRAME)
    r.tunnels.handle(inTopic, encodeFrame({ type: 'data', data: new Uint8Array(TUNNEL_MAX_FRAME) }));
  expect(r.frames().at(-1)).toEqual({ type: 'close', reason: 'input past its credit' });
  expect(r.tunnels.count).toBe(0);
});
