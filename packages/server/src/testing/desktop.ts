/**
 * The browser's side of a desktop socket (the device's `/websocket/v1/inventory/desktop?id=` or a container's
 * `/websocket/v1/container/terminal?id=&uuid=`), speaking RFB as noVNC does: what comes is kept, `take(n)`
 * waits for n bytes; `handshake` goes through version, security None and ClientInit.
 */
import WebSocket from 'ws';
import { expect } from 'vitest';
import type { Db } from '../db/schema.ts';
import { waitFor } from './devices.ts';

export type DesktopClient = ReturnType<typeof openDesktop>;

export function openDesktop(base: string, pathAndQuery: string, headers: Record<string, string>) {
  const ws = new WebSocket(`${base.replace('http:', 'ws:')}${pathAndQuery}`, {
    headers: { origin: base, ...headers },
  });
  let got = Buffer.alloc(0);
  ws.on('message', (data: Buffer) => (got = Buffer.concat([got, data])));
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', reject);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  const take = async (n: number): Promise<Buffer> => {
    await waitFor(() => got.length >= n, `${n} bytes from the VNC server`, 30_000);
    const out = got.subarray(0, n);
    got = got.subarray(n);
    return out;
  };
  return { ws, opened, closed, take };
}

/** The RFB handshake with a server without a password: the screen's size and pixel depth. */
export async function handshake(desk: DesktopClient) {
  const version = (await desk.take(12)).toString();
  desk.ws.send(Buffer.from('RFB 003.008\n'));
  const types = [...(await desk.take((await desk.take(1))[0]!))];
  desk.ws.send(Buffer.from([1]));
  const result = (await desk.take(4)).readUInt32BE(0);
  desk.ws.send(Buffer.from([1])); // ClientInit, shared
  const init = await desk.take(24);
  const name = (await desk.take(init.readUInt32BE(20))).toString();
  return {
    version,
    types,
    result,
    width: init.readUInt16BE(0),
    height: init.readUInt16BE(2),
    bitsPerPixel: init[4]!,
    name,
  };
}

/**
 * Asks for the whole screen (raw encoding, the only one offered) and reads the update: the area covered and
 * a sample of its pixels' colours.
 */
export async function readScreen(
  desk: DesktopClient,
  screen: { width: number; height: number; bitsPerPixel: number },
) {
  const request = Buffer.alloc(10);
  request.writeUInt8(3, 0);
  request.writeUInt16BE(screen.width, 6);
  request.writeUInt16BE(screen.height, 8);
  desk.ws.send(request);
  const head = await desk.take(4);
  const pixels = new Set<string>();
  const encodings = new Set<number>();
  let area = 0;
  for (let i = 0; i < head.readUInt16BE(2); i++) {
    const rect = await desk.take(12);
    const [w, h] = [rect.readUInt16BE(4), rect.readUInt16BE(6)];
    encodings.add(rect.readInt32BE(8));
    const data = await desk.take((w * h * screen.bitsPerPixel) / 8);
    for (let p = 0; p < data.length; p += 4 * 37) pixels.add(data.subarray(p, p + 4).toString('hex'));
    area += w * h;
  }
  return { type: head[0], area, colours: pixels.size, encodings: [...encodings] };
}

/**
 * The handshake with a VNC server without a password, then the whole screen: both must say the server's
 * size, and the screen must not be blank (more than one colour). Answers the handshake's findings.
 */
export async function expectWholeScreen(desk: DesktopClient, size: { width: number; height: number }) {
  const screen = await handshake(desk);
  expect(screen).toMatchObject({ version: 'RFB 003.008\n', result: 0, ...size });
  const update = await readScreen(desk, screen);
  expect(update).toMatchObject({ type: 0, area: size.width * size.height, encodings: [0] });
  expect(update.colours).toBeGreaterThan(1);
  return screen;
}

/**
 * Sends a key, a pointer move and a small update request as a view-only user, and checks that only the
 * request reached the server (it answers with an update; a key or pointer that got through would shift the
 * stream), then closes. Answers the activity targets of the desktop sessions started so far.
 */
export async function viewOnlyInputDropped(desk: DesktopClient, db: Db): Promise<string[]> {
  desk.ws.send(Buffer.from([4, 1, 0, 0, 0, 0, 0, 0x61]));
  desk.ws.send(Buffer.from([5, 1, 0, 10, 0, 20]));
  desk.ws.send(Buffer.from([3, 0, 0, 0, 0, 0, 0, 8, 0, 8]));
  expect((await desk.take(4))[0]).toBe(0);
  desk.ws.close();
  await desk.closed;
  const rows = await db
    .selectFrom('activity')
    .select(['target'])
    .where('action', '=', 'desktop.start')
    .execute();
  return rows.map((r) => r.target);
}
