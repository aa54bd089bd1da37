import { describe, expect, test } from 'vitest';
import { CLOSE_CODE, FrameError, FrameReader, OPCODE, frame, type Frame } from './websocket-frames.ts';

/** A frame as a client sends it: masked with the given key. */
function clientFrame(opcode: number, payload: Buffer, opts: { fin?: boolean; mask?: boolean } = {}): Buffer {
  const server = frame(opcode, [payload]);
  const headerLength = server.length - payload.length;
  const header = Buffer.from(server.subarray(0, headerLength));
  if (opts.fin === false) header[0] = (header[0] as number) & 0x7f;
  if (opts.mask === false) return Buffer.concat([header, payload]);
  header[1] = (header[1] as number) | 0x80;
  const key = Buffer.from([0x12, 0x34, 0x56, 0x78]);
  const masked = Buffer.from(payload.map((byte, i) => byte ^ (key[i % 4] as number)));
  return Buffer.concat([header, key, masked]);
}

function readAll(reader: FrameReader, ...chunks: Buffer[]): Frame[] {
  const frames: Frame[] = [];
  for (const chunk of chunks) reader.read(chunk, (received) => frames.push(received));
  return frames;
}

const message = (text: string): Frame => ({ kind: 'message', payload: Buffer.from(text) });

describe('WebSocket frames', () => {
  test('a masked binary frame is unmasked', () => {
    expect(readAll(new FrameReader(1024), clientFrame(OPCODE.binary, Buffer.from('hello')))).toEqual([
      message('hello'),
    ]);
  });

  test('frames split across reads, and several in one read, each come out whole', () => {
    const bytes = Buffer.concat([
      clientFrame(OPCODE.binary, Buffer.from('first')),
      clientFrame(OPCODE.binary, Buffer.alloc(300, 7)),
      clientFrame(OPCODE.binary, Buffer.from('third')),
    ]);
    const chunks = [1, 2, 9, 150, 400].map((end, i, ends) => bytes.subarray(ends[i - 1] ?? 0, end));
    chunks.push(bytes.subarray(400));
    const frames = readAll(new FrameReader(1024), ...chunks);
    expect(frames).toEqual([
      message('first'),
      { kind: 'message', payload: Buffer.alloc(300, 7) },
      message('third'),
    ]);
  });

  test('a fragmented message is joined, with a ping between its fragments', () => {
    const frames = readAll(
      new FrameReader(1024),
      clientFrame(OPCODE.binary, Buffer.from('mq'), { fin: false }),
      clientFrame(OPCODE.ping, Buffer.from('p')),
      clientFrame(OPCODE.continuation, Buffer.from('tt'), { fin: false }),
      clientFrame(OPCODE.continuation, Buffer.from('!')),
    );
    expect(frames).toEqual([{ kind: 'ping', payload: Buffer.from('p') }, message('mqtt!')]);
  });

  test('payload lengths of 16 and 64 bits', () => {
    const big = Buffer.alloc(70_000, 1);
    const frames = readAll(
      new FrameReader(100_000),
      clientFrame(OPCODE.binary, Buffer.alloc(200, 2)),
      clientFrame(OPCODE.binary, big),
    );
    expect(frames.map((f) => (f.kind === 'message' ? f.payload.length : f.kind))).toEqual([200, 70_000]);
  });

  test('close carries its code; pong is reported', () => {
    const code = Buffer.alloc(2);
    code.writeUInt16BE(4001);
    expect(
      readAll(
        new FrameReader(64),
        clientFrame(OPCODE.pong, Buffer.alloc(0)),
        clientFrame(OPCODE.close, code),
      ),
    ).toEqual([{ kind: 'pong' }, { kind: 'close', code: 4001 }]);
  });

  const refused: [string, Buffer, number][] = [
    [
      'an unmasked frame',
      clientFrame(OPCODE.binary, Buffer.from('x'), { mask: false }),
      CLOSE_CODE.protocolError,
    ],
    ['a text frame', clientFrame(OPCODE.text, Buffer.from('x')), CLOSE_CODE.unacceptableData],
    [
      'a continuation with nothing to continue',
      clientFrame(OPCODE.continuation, Buffer.from('x')),
      CLOSE_CODE.protocolError,
    ],
    ['an unknown opcode', clientFrame(0x3, Buffer.from('x')), CLOSE_CODE.protocolError],
    [
      'a fragmented control frame',
      clientFrame(OPCODE.ping, Buffer.from('x'), { fin: false }),
      CLOSE_CODE.protocolError,
    ],
    ['a frame over the limit', clientFrame(OPCODE.binary, Buffer.alloc(65)), CLOSE_CODE.tooBig],
    [
      'an extension bit',
      (() => {
        const bytes = clientFrame(OPCODE.binary, Buffer.from('x'));
        bytes[0] = (bytes[0] as number) | 0x40;
        return bytes;
      })(),
      CLOSE_CODE.protocolError,
    ],
  ];
  test.each(refused)('%s is refused with its close code', (_name, bytes, code) => {
    let thrown: unknown;
    try {
      readAll(new FrameReader(64), bytes);
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(FrameError);
    expect((thrown as FrameError).closeCode).toBe(code);
  });

  test('a message over the limit is refused from its header, before its payload arrives', () => {
    const header = clientFrame(OPCODE.binary, Buffer.alloc(1_000_000)).subarray(0, 14);
    expect(() => readAll(new FrameReader(1024), header)).toThrow(FrameError);
  });

  test('fragments are counted against the limit together', () => {
    const reader = new FrameReader(64);
    expect(() =>
      readAll(
        reader,
        clientFrame(OPCODE.binary, Buffer.alloc(40), { fin: false }),
        clientFrame(OPCODE.continuation, Buffer.alloc(40)),
      ),
    ).toThrow(FrameError);
  });

  test('server frames carry the payloads in one buffer with the right length header', () => {
    const small = frame(OPCODE.binary, [Buffer.from('ab'), Buffer.from('c')]);
    expect([...small]).toEqual([0x82, 3, 97, 98, 99]);
    const medium = frame(OPCODE.binary, [Buffer.alloc(300)]);
    expect([medium[1], medium.readUInt16BE(2), medium.length]).toEqual([126, 300, 304]);
    const large = frame(OPCODE.binary, [Buffer.alloc(70_000)]);
    expect([large[1], large.readUInt32BE(6), large.length]).toEqual([127, 70_000, 70_010]);
  });
});
