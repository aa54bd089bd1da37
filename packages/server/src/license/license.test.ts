/**
 * Licences through the HTTP face, on SQLite and PostgreSQL, against adopted devices: the trial covers a
 * new console's devices; a valid licence covers devices and the one beyond it turns License Lock (its
 * status in the inventory, its configuration refused); a tampered, foreign or expired file is refused and
 * nothing is stored; priority decides which licence covers a device; a licence's devices sort by expiry;
 * the sales support form reaches a real SMTP server.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { messages, type LicenseLink, type LicenseView } from '@edge/protocol';
import { DIALECTS, signIn, type TestConsole } from '../testing/harness.ts';
import { caller, snapshot, type Caller } from '../testing/accounts.ts';
import { enrolByHand, mqttUrl, startListeningConsole, uniquePrefix } from '../testing/devices.ts';
import { multipart } from '../testing/files.ts';
import { dayFrom, signTestLicense, trustTestLicenses } from '../testing/licenses.ts';
import { generateLicenseKeys } from './signing.ts';

const SETTINGS = '/api/v1/inventory/settings';

async function startMailServer() {
  const received: string[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe.each(DIALECTS)('licences (%s)', (dialect) => {
  let edge: TestConsole;
  let admin: Caller;
  const ids: string[] = [];
  const idOf = (n: number) => ids[n]!;
  const prefix = uniquePrefix();
  const serials = [1, 2, 3].map((n) => `${prefix}-L${n}`) as [string, string, string];

  const upload = (bytes: Buffer, name = 'licence.lic') => {
    const body = multipart(bytes, name);
    return admin('POST', '/api/v1/license/upload', body.payload, body.headers);
  };
  const links = async () =>
    new Map(
      (await admin('GET', '/api/v1/license/link/list'))
        .json<{ list: LicenseLink[] }>()
        .list.map((l) => [l.sn, l]),
    );
  const statusOf = async (sn: string) =>
    (await admin('GET', `/api/v1/inventory/list?search=${sn}`))
      .json<{ list: { sn: string; status: string }[] }>()
      .list.find((d) => d.sn === sn)?.status;
  const changeWifi = (id: string) =>
    admin('POST', `${SETTINGS}/wifi/authentication/add`, { id, name: 'tv', mac: 'aa:bb:cc:dd:ee:0f' });

  beforeAll(async () => {
    edge = await startListeningConsole(dialect, trustTestLicenses);
    await edge.enrolment.provisionSerials(serials);
    // One after the other: coverage by count goes to the oldest adoptions.
    for (const serial of serials) ids.push((await enrolByHand(mqttUrl(edge), serial)).deviceId);
    admin = caller(edge, await signIn(edge));
  });
  afterAll(async () => edge?.destroy());

  it('lets the trial cover every device while no licence is uploaded', async () => {
    const status = (await admin('GET', '/api/v1/license/status')).json<{
      trial: { inUse: boolean; expired: boolean };
    }>();
    expect(status.trial).toMatchObject({ inUse: true, expired: false });
    const linked = await links();
    for (const sn of serials) expect(linked.get(sn)).toMatchObject({ licenseId: null, licenseLock: false });
  });

  it('refuses a tampered, a foreign and an expired licence, storing nothing', async () => {
    const before = await snapshot(edge);
    const good = JSON.parse(
      signTestLicense({
        id: 'T',
        name: 'T',
        startDate: dayFrom(-1),
        endDate: dayFrom(30),
        count: 1,
      }).toString(),
    );
    const forged = JSON.parse(Buffer.from(good.payload, 'base64').toString());
    forged.count = 1000;
    const tampered = Buffer.from(
      JSON.stringify({ ...good, payload: Buffer.from(JSON.stringify(forged)).toString('base64') }),
    );
    const foreign = signTestLicense(
      { id: 'F', name: 'F', startDate: dayFrom(-1), endDate: dayFrom(30), count: 9 },
      generateLicenseKeys().privateKeyPem,
    );
    const expired = signTestLicense({
      id: 'E',
      name: 'E',
      startDate: dayFrom(-30),
      endDate: dayFrom(-1),
      count: 9,
    });
    for (const [bytes, code] of [
      [tampered, 'licenseSignatureInvalid'],
      [foreign, 'licenseSignatureInvalid'],
      [expired, 'licenseExpired'],
      [Buffer.from('not a licence'), 'licenseFormat'],
    ] as const) {
      const res = await upload(bytes);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ err_code: code, err_message: messages[code] });
    }
    expect(await snapshot(edge)).toBe(before);
  });

  it('covers the oldest devices with a count licence and locks the one beyond it', async () => {
    const res = await upload(
      signTestLicense({
        id: 'COUNT',
        name: 'Two routers',
        startDate: dayFrom(-1),
        endDate: dayFrom(100),
        count: 2,
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<LicenseView>()).toMatchObject({
      statusName: 'Active',
      number: 2,
      used: 2,
      unused: 0,
      priority: 1,
    });
    const linked = await links();
    expect(linked.get(serials[0])).toMatchObject({
      licenseId: 'COUNT',
      licenseLock: false,
      expire: dayFrom(100),
    });
    expect(linked.get(serials[2])).toMatchObject({ licenseId: null, licenseLock: true });
    expect(await statusOf(serials[2])).toBe('License Lock');
    expect(await statusOf(serials[0])).not.toBe('License Lock');
  });

  it('refuses a configuration change to the locked device and takes one to a covered device', async () => {
    const before = await snapshot(edge);
    const refused = await changeWifi(idOf(2));
    expect(refused.statusCode, refused.body).toBe(423);
    expect(refused.json()).toEqual({ err_code: 'licenseLocked', err_message: messages.licenseLocked });
    expect(await snapshot(edge)).toBe(before);
    const taken = await changeWifi(idOf(0));
    expect(taken.statusCode, taken.body).toBe(200);
  });

  it('lets priority decide which licence covers a device, and sorts its devices by expiry', async () => {
    const named = signTestLicense({
      id: 'NAMED',
      name: 'Named routers',
      startDate: dayFrom(-1),
      endDate: dayFrom(200),
      devices: [{ sn: serials[0], expire: dayFrom(50) }, { sn: serials[2] }],
    });
    expect((await upload(named)).statusCode).toBe(200);
    // Second in priority: the count licence keeps devices 1 and 2, the named one takes device 3.
    let linked = await links();
    expect(linked.get(serials[0])?.licenseId).toBe('COUNT');
    expect(linked.get(serials[2])).toMatchObject({ licenseId: 'NAMED', licenseLock: false });
    const moved = await admin('PATCH', '/api/v1/license/priority', { id: 'NAMED', priority: 1 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<{ list: LicenseView[] }>().list.map((l) => [l.id, l.priority])).toEqual([
      ['NAMED', 1],
      ['COUNT', 2],
    ]);
    linked = await links();
    expect(linked.get(serials[0])).toMatchObject({ licenseId: 'NAMED', expire: dayFrom(50) });
    expect(linked.get(serials[1])?.licenseId).toBe('COUNT');
    expect(linked.get(serials[2])?.licenseId).toBe('NAMED');
    const sorted = async (order: string) =>
      (await admin('GET', `/api/v1/license/devices?id=NAMED&order=${order}`))
        .json<{ list: { sn: string; expire: string }[] }>()
        .list.map((d) => d.sn);
    expect(await sorted('asc')).toEqual([serials[0], serials[2]]);
    expect(await sorted('desc')).toEqual([serials[2], serials[0]]);
    expect((await admin('PATCH', '/api/v1/license/priority', { id: 'NAMED', priority: 3 })).statusCode).toBe(
      400,
    );
  });

  it('sends the sales support form through the configured SMTP server', async () => {
    const mail = await startMailServer();
    try {
      const form = {
        firstName: 'Ada',
        lastName: 'Lovelace',
        contactName: 'Ada L.',
        email: 'ada@example.com',
        phone: '+44 20 1234',
        licenseType: 'Device',
        amount: 40,
        months: 12,
        description: 'Forty shop routers.',
      };
      expect((await admin('POST', '/api/v1/license/sales', form)).json()).toEqual({
        err_code: 'smtpNotConfigured',
        err_message: messages.smtpNotConfigured,
      });
      await admin('PATCH', '/api/v1/settings/smtp', {
        smtpHostAddress: '127.0.0.1',
        port: mail.port,
        sender: 'console@example.com',
        receiverAddress: 'sales@example.com',
      });
      const bad = await admin('POST', '/api/v1/license/sales', { ...form, amount: 0 });
      expect(bad.json()).toMatchObject({ err_code: 'salesAmountRange' });
      const sent = await admin('POST', '/api/v1/license/sales', form);
      expect(sent.statusCode, sent.body).toBe(200);
      expect(mail.received).toHaveLength(1);
      expect(mail.received[0]).toContain('Forty shop routers.');
      expect(mail.received[0]).toContain('Amount: 40');
    } finally {
      await mail.close();
    }
  });
});

describe('an expired trial', () => {
  let edge: TestConsole;
  afterAll(async () => edge?.destroy());

  it('locks every device with the trial expiry message', async () => {
    edge = await startListeningConsole('sqlite', { ...trustTestLicenses, licenseTrialDays: 0 });
    const serial = `${uniquePrefix()}-TRIAL`;
    await edge.enrolment.provisionSerials([serial]);
    const { deviceId } = await enrolByHand(mqttUrl(edge), serial);
    const admin = caller(edge, await signIn(edge));
    // The adoption reaches the licence feature after its settling delay.
    await expect
      .poll(
        async () =>
          (await admin('GET', '/api/v1/license/status')).json<{ lockedDevices: number }>().lockedDevices,
      )
      .toBe(1);
    const res = await admin('POST', `${SETTINGS}/wifi/authentication/add`, {
      id: deviceId,
      name: 'tv',
      mac: 'aa:bb:cc:dd:ee:0f',
    });
    expect(res.statusCode).toBe(423);
    expect(res.json()).toEqual({ err_code: 'trialExpired', err_message: messages.trialExpired });

    // Another console on the store uploads a licence: this one's periodic refresh sees it and unlocks.
    const file = signTestLicense({
      id: 'ELSEWHERE',
      name: 'One',
      startDate: dayFrom(-1),
      endDate: dayFrom(9),
      count: 1,
    });
    await edge.store.db
      .insertInto('licenses')
      .values({
        id: 'ELSEWHERE',
        name: 'One',
        file: file.toString('utf8'),
        payload: '{}',
        priority: 1,
        uploaded_at: Date.now(),
        uploaded_by: 'another console',
      })
      .execute();
    await expect
      .poll(
        async () =>
          (await admin('GET', '/api/v1/license/status')).json<{ lockedDevices: number }>().lockedDevices,
        { timeout: 15_000 },
      )
      .toBe(0);
  });
});
