/**
 * The device logo routes of SPEC 7 (systemUpgrade showLogo, uploadLogo, clearLogo) against a simulated
 * device, which keeps the logo as the real agent does: png, jpeg and svg are taken and served back byte for
 * byte; a file too large or of another type is refused with its message and the device keeps its logo; a
 * role that may only see the Inventory reads the logo but cannot change it, one without it cannot read it.
 * SQLite only: the logo lives on the device, not in the store.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LOGO_MAX_BYTES, messages, type DeviceLogo } from '@edge/protocol';
import type { TestConsole } from '../testing/harness.ts';
import { startConsoleWithFleet, uniquePrefix, type Child } from '../testing/devices.ts';
import { caller, userWithRole, type Caller } from '../testing/accounts.ts';
import { jpeg, multipart, png, svg } from '../testing/files.ts';

const LOGO = '/api/v1/inventory/settings/systemUpgrade';
let edge: TestConsole;
let fleet: Child;
let admin: Caller;
let deviceId = '';

beforeAll(async () => {
  const started = await startConsoleWithFleet('sqlite', { count: 1, prefix: uniquePrefix() });
  edge = started.edge;
  fleet = started.fleet;
  admin = caller(edge, started.session);
  deviceId = edge.devices.list()[0]!.id;
}, 90_000);

afterAll(async () => {
  await fleet?.stop();
  await edge?.destroy();
});

const upload = (as: Caller, bytes: Buffer, name: string, id = deviceId) => {
  const body = multipart(bytes, name);
  return as('PATCH', `${LOGO}/uploadLogo?id=${id}`, body.payload, body.headers);
};
const shown = async (as: Caller = admin) => {
  const res = await as('GET', `${LOGO}/showLogo?id=${deviceId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DeviceLogo | null>();
};

describe('device logo routes', () => {
  test('png, jpeg and svg are taken and served back as sent; clear removes the logo', async () => {
    expect(await shown()).toBeNull();
    const files: [Buffer, string, DeviceLogo['contentType']][] = [
      [jpeg(40, 20), 'logo.jpg', 'image/jpeg'],
      [svg('width="110" height="40"'), 'logo.svg', 'image/svg+xml'],
      // Named .txt: the type is told by the bytes, not by the name the browser gave.
      [png(120, 40), 'logo.txt', 'image/png'],
    ];
    for (const [bytes, name, contentType] of files) {
      const res = await upload(admin, bytes, name);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ message: messages.upgradeLogoUploaded });
      expect(await shown()).toEqual({ contentType, data: bytes.toString('base64') });
    }
    const cleared = await admin('DELETE', `${LOGO}/clearLogo?id=${deviceId}`);
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ message: messages.upgradeLogoCleared });
    expect(await shown()).toBeNull();
  });

  test('too large or not an image: refused with its message, the device keeps its logo', async () => {
    const kept = png(64, 32);
    expect((await upload(admin, kept, 'logo.png')).statusCode).toBe(200);
    const refusals: [Buffer, string, number, string][] = [
      [png(10, 10, LOGO_MAX_BYTES), 'big.png', 413, messages.fileTooLarge],
      [
        Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'),
        'logo.gif',
        400,
        messages.upgradeLogoType,
      ],
      [Buffer.from('#!/bin/sh\nreboot\n'), 'logo.png', 400, messages.upgradeLogoType],
      [Buffer.from('<html><svg></svg></html>'), 'logo.svg', 400, messages.upgradeLogoType],
    ];
    for (const [bytes, name, status, message] of refusals) {
      const res = await upload(admin, bytes, name);
      expect(res.statusCode, name).toBe(status);
      expect(res.json()).toMatchObject({ err_message: message });
    }
    expect(await shown()).toEqual({ contentType: 'image/png', data: kept.toString('base64') });
    const unknown = await upload(admin, kept, 'logo.png', '0123456789abcdef');
    expect(unknown.statusCode).toBe(404);
  });

  test('viewing the Inventory reads the logo, changing it needs its management', async () => {
    const viewer = await userWithRole(edge, admin, {
      Inventory: { control: { enable: true }, isManagement: false },
    });
    const before = await shown();
    expect(before).not.toBeNull();
    expect(await shown(viewer.call)).toEqual(before);
    expect((await upload(viewer.call, png(8, 8), 'logo.png')).statusCode).toBe(403);
    expect((await viewer.call('DELETE', `${LOGO}/clearLogo?id=${deviceId}`)).statusCode).toBe(403);
    expect(await shown()).toEqual(before);

    const stranger = await userWithRole(edge, admin, {
      Dashboard: { control: { enable: true }, isManagement: true },
    });
    expect((await stranger.call('GET', `${LOGO}/showLogo?id=${deviceId}`)).statusCode).toBe(403);
    expect((await caller(edge)('GET', `${LOGO}/showLogo?id=${deviceId}`)).statusCode).toBe(401);
  });
});
