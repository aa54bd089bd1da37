/** View only at the console: the browser's RFB passes but for what would act on the device. */
import { describe, expect, test } from 'vitest';
import { RfbViewOnly } from './rfb-view-only.ts';

/** What the filter lets through of `chunks`, fed as they come (split anywhere), or its error. */
async function through(chunks: Buffer[]): Promise<Buffer> {
  const filter = new RfbViewOnly();
  const out: Buffer[] = [];
  filter.on('data', (b: Buffer) => out.push(b));
  const ended = new Promise<void>((resolve, reject) => {
    filter.once('end', resolve);
    filter.once('error', reject);
  });
  for (const chunk of chunks) filter.write(chunk);
  filter.end();
  await ended;
  return Buffer.concat(out);
}

const version = Buffer.from('RFB 003.008\n');
const pixelFormat = Buffer.concat([Buffer.from([0, 0, 0, 0]), Buffer.alloc(16, 1)]);
const encodings = Buffer.from([2, 0, 0, 2, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0x21]);
const update = Buffer.from([3, 0, 0, 0, 0, 0, 2, 128, 1, 144]);
const key = Buffer.from([4, 1, 0, 0, 0, 0, 0, 0x61]);
const pointer = Buffer.from([5, 1, 0, 10, 0, 20]);
const cut = Buffer.concat([Buffer.from([6, 0, 0, 0, 0, 0, 0, 5]), Buffer.from('hello')]);
const resize = Buffer.concat([Buffer.from([251, 0, 4, 0, 3, 0, 1, 0]), Buffer.alloc(16)]);
const fence = Buffer.from([248, 0, 0, 0, 0, 0, 0, 0, 2, 7, 7]);

describe('RfbViewOnly', () => {
  test('passes the handshake and the picture, drops keys, pointer, clipboard and resizing', async () => {
    const session = [
      version,
      Buffer.from([1, 1]),
      pixelFormat,
      encodings,
      update,
      key,
      pointer,
      cut,
      resize,
      fence,
      update,
    ];
    const whole = Buffer.concat(session);
    const expected = Buffer.concat([
      version,
      Buffer.from([1, 1]),
      pixelFormat,
      encodings,
      update,
      fence,
      update,
    ]);
    expect(await through([whole])).toEqual(expected);
    // Split byte by byte, the same.
    expect(await through([...whole].map((b) => Buffer.from([b])))).toEqual(expected);
  });

  test('VNC authentication: its 16-byte answer passes before ClientInit', async () => {
    const answer = Buffer.alloc(16, 9);
    const input = Buffer.concat([version, Buffer.from([2]), answer, Buffer.from([0]), pointer, update]);
    expect(await through([input])).toEqual(
      Buffer.concat([version, Buffer.from([2]), answer, Buffer.from([0]), update]),
    );
  });

  test('a security type or a message it does not know ends the session', async () => {
    await expect(through([version, Buffer.from([19])])).rejects.toThrow(/security type 19/);
    await expect(through([version, Buffer.from([1, 1, 99, 0, 0])])).rejects.toThrow(/message 99/);
  });
});
