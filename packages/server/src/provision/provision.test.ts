/**
 * Provision through its HTTP face, on SQLite and PostgreSQL: Discovery, adoption, the provisioning CSV
 * (which adopts waiting serials, and later ones as they enrol), the list, the download, and bad files
 * refused with nothing written.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  PROFILE_TEMPLATES_API,
  messages,
  profileTemplateDefaults,
  type AdoptedConflictListResponse,
  type AdoptResponse,
  type DiscoveryListResponse,
  type InventoryListResponse,
  type ProvisionListResponse,
} from '@edge/protocol';
import { DIALECTS, TEST_CLAIM_CODE, signIn, type TestConsole } from '../testing/harness.ts';
import { caller, snapshot, userWithRole, type Caller } from '../testing/accounts.ts';
import { multipart } from '../testing/files.ts';
import { enrolByHand, mqttUrl, startListeningConsole, uniquePrefix, waitFor } from '../testing/devices.ts';

describe.each(DIALECTS)('provision (%s)', (dialect) => {
  const prefix = uniquePrefix();
  let edge: TestConsole;
  let admin: Caller;

  const upload = (csv: string, who: Caller = admin) => {
    const body = multipart(Buffer.from(csv), 'provision.csv', 'text/csv');
    return who('POST', '/api/v1/provision/upload', body.payload, body.headers);
  };
  const discovery = async () =>
    (await admin('GET', '/api/v1/provision/discovery/list'))
      .json<DiscoveryListResponse>()
      .list.map((d) => d.sn);
  const inventoryRow = async (sn: string) =>
    (await admin('GET', `/api/v1/inventory/list?search=${sn}`))
      .json<InventoryListResponse>()
      .list.find((d) => d.sn === sn);

  /**
   * The profile template named at adoption is on its way: its job's step for the device waits for the
   * device to come online (these hand-enrolled devices stay offline), nothing more written meanwhile.
   */
  const templateGiven = (sn: string) =>
    waitFor(async () => {
      const id = (await inventoryRow(sn))?.id;
      const step =
        id &&
        (await edge.store.db
          .selectFrom('job_steps')
          .innerJoin('jobs', 'jobs.id', 'job_steps.job_id')
          .select('job_steps.state')
          .where('jobs.kind', '=', 'profiles.template')
          .where('job_steps.device_id', '=', id)
          .executeTakeFirst());
      return step && step.state === 'waiting';
    }, `the template job of ${sn} waiting for the device`);

  beforeAll(async () => {
    edge = await startListeningConsole(dialect);
    admin = caller(edge, await signIn(edge));
    // The profile named at adoption and in the CSV is a profile template's.
    const template = await admin(
      'POST',
      `${PROFILE_TEMPLATES_API}/create`,
      profileTemplateDefaults('retail'),
    );
    expect(template.statusCode, template.body).toBe(200);
  });
  afterAll(() => edge?.destroy());

  test('waiting devices are listed by serial, case-insensitive, and can be adopted with a name and group', async () => {
    await enrolByHand(mqttUrl(edge), `${prefix}-b2`, 'pending');
    await enrolByHand(mqttUrl(edge), `${prefix}-A1`, 'pending');
    const res = await admin('GET', '/api/v1/provision/discovery/list');
    expect(res.statusCode).toBe(200);
    const body = res.json<DiscoveryListResponse>();
    expect(body.totalNumber).toBe(2);
    expect(body.list.map((d) => d.sn)).toEqual([`${prefix}-A1`, `${prefix}-b2`]);
    expect(body.list[0]).toMatchObject({
      IP: '127.0.0.1',
      ifaceName: 'eth0',
      group: '',
      profile: '',
      model: 'Hand Device',
    });
    expect(
      (await admin('GET', `/api/v1/provision/discovery/list?search=-B2`)).json<DiscoveryListResponse>()
        .totalNumber,
    ).toBe(1);

    const group = (await admin('POST', '/api/v1/inventory/group/create', { name: 'Depot' })).json<{
      id: number;
    }>();
    const adopted = await admin('POST', '/api/v1/provision/discovery/adopt', {
      id: body.list[0]!.id,
      name: 'Depot gate',
      groupId: group.id,
      profile: 'retail',
    });
    expect(adopted.statusCode, adopted.body).toBe(200);
    expect(adopted.json<AdoptResponse>()).toMatchObject({
      message: messages.deviceAdopted,
      device: {
        sn: `${prefix}-A1`,
        name: 'Depot gate',
        groupName: 'Depot',
        profile: 'retail',
        status: 'Offline',
      },
    });
    expect(await discovery()).toEqual([`${prefix}-b2`]);
    expect(await inventoryRow(`${prefix}-A1`)).toMatchObject({ name: 'Depot gate' });
    await templateGiven(`${prefix}-A1`);
  });

  test('adoption refuses unknown devices and groups, writing nothing', async () => {
    const before = await snapshot(edge);
    const unknown = await admin('POST', '/api/v1/provision/discovery/adopt', { id: 'ffffffffffffffff' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ err_message: messages.deviceNotFound, err_code: 'deviceNotFound' });
    const waiting = (await admin('GET', '/api/v1/provision/discovery/list')).json<DiscoveryListResponse>()
      .list[0]!;
    const noGroup = await admin('POST', '/api/v1/provision/discovery/adopt', {
      id: waiting.id,
      groupId: 424242,
    });
    expect(noGroup.statusCode).toBe(400);
    expect(noGroup.json().err_code).toBe('groupNotFound');
    const noTemplate = await admin('POST', '/api/v1/provision/discovery/adopt', {
      id: waiting.id,
      profile: 'no such template',
    });
    expect(noTemplate.statusCode).toBe(400);
    expect(noTemplate.json().err_code).toBe('profileTemplateUnknown');
    const noId = await admin('POST', '/api/v1/provision/discovery/adopt', {});
    expect(noId.statusCode).toBe(400);
    expect(noId.json().err_message).toBe(messages.deviceNotFound);
    expect(await snapshot(edge)).toBe(before);
  });

  test('an uploaded CSV with claim codes adopts the waiting serials at once and later ones when they enrol', async () => {
    const waiting = `${prefix}-b2`;
    const later = `${prefix}-LATE`;
    const res = await upload(
      `Serial,Name,Group,Profile,ClaimCode\r\n${waiting},"Shop, front",Shops,retail,${TEST_CLAIM_CODE}\r\n${later},Late one,Shops,,${TEST_CLAIM_CODE}\r\n\r\n`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: 'Provision file uploaded successfully',
      provisioned: 2,
      adopted: 1,
    });
    expect(await discovery()).toEqual([]);
    expect(await inventoryRow(waiting)).toMatchObject({
      name: 'Shop, front',
      groupName: 'Shops',
      profile: 'retail',
    });
    await templateGiven(waiting);

    const list = (await admin('GET', '/api/v1/provision/list')).json<ProvisionListResponse>();
    expect(list.list).toContainEqual({
      serial: later,
      name: 'Late one',
      group: 'Shops',
      profile: '',
      hasClaimCode: true,
    });

    const device = await enrolByHand(mqttUrl(edge), later, 'adopted');
    expect(device.deviceId).toMatch(/^[0-9a-f]{16}$/);
    expect(await inventoryRow(later)).toMatchObject({ name: 'Late one', groupName: 'Shops' });
  });

  test('bad files are refused in clear words, and nothing is written', async () => {
    const before = await snapshot(edge);
    const empty = await upload('');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      err_message: 'Profile and IP content cannot be empty',
      err_code: 'profileAndIpEmpty',
    });
    const headerOnly = await upload('serial,name,group,profile\n');
    expect(headerOnly.json().err_code).toBe('profileAndIpEmpty');
    const noSerial = await upload('name,group\nA,B\n');
    expect(noSerial.json()).toEqual({
      err_message: messages.provisionCsvHeader,
      err_code: 'provisionCsvHeader',
    });
    const badSerial = await upload(`serial,name\n${prefix}-OK,fine\nnot a serial,x\n`);
    expect(badSerial.statusCode).toBe(400);
    expect(badSerial.json()).toEqual({
      err_message: `${messages.provisionSerialInvalid} (line 3: not a serial)`,
      err_code: 'provisionSerialInvalid',
    });
    const longName = await upload(`serial,name\n${prefix}-OK,${'n'.repeat(65)}\n`);
    expect(longName.json().err_code).toBe('deviceNameLength');
    const badCode = await upload(`serial,claimCode\n${prefix}-OK,short\n`);
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json()).toEqual({
      err_message: `${messages.provisionClaimCodeInvalid} (line 2)`,
      err_code: 'provisionClaimCodeInvalid',
    });
    const notMultipart = await admin('POST', '/api/v1/provision/upload', { serial: 'x' });
    expect(notMultipart.statusCode).toBe(400);
    expect(notMultipart.json().err_code).toBe('fileMissing');
    expect(await snapshot(edge)).toBe(before);
  });

  test('the discovery download is a CSV that, filled in, provisions the devices when uploaded', async () => {
    await enrolByHand(mqttUrl(edge), `${prefix}-C3`, 'pending');
    const res = await admin('GET', '/api/v1/provision/discovery/download');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="discovery-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('serial,name,group,profile,ip,ifaceName,mac,model,firmware,claimCode');
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual([`${prefix}-C3`]);

    // A cell that starts like a formula is written with a leading quote (CSV injection); reading takes it off.
    // The claim code comes off the device's label: without it the list would only name the device.
    const filled = res.body
      .replace(`${prefix}-C3,,,`, `${prefix}-C3,Filled in,'=Sheet,`)
      .replace(/,\r\n$/, `,${TEST_CLAIM_CODE}\r\n`);
    const uploaded = await upload(filled);
    expect(uploaded.json()).toMatchObject({ provisioned: 1, adopted: 1 });
    expect(await inventoryRow(`${prefix}-C3`)).toMatchObject({ name: 'Filled in', groupName: '=Sheet' });
  });

  test('rediscover answers the list as it stands; a serial leaves the provisioning list', async () => {
    await enrolByHand(mqttUrl(edge), `${prefix}-E5`, 'pending');
    const res = await admin('POST', '/api/v1/provision/rediscover', {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: messages.discoveryRefreshed,
      totalNumber: 1,
      list: [{ sn: `${prefix}-E5` }],
    });

    const removed = await admin('DELETE', '/api/v1/provision/delete', { serial: `${prefix}-LATE` });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: messages.provisionDeleted });
    const list = (await admin('GET', '/api/v1/provision/list')).json<ProvisionListResponse>();
    expect(list.list.map((e) => e.serial)).not.toContain(`${prefix}-LATE`);
    const again = await admin('DELETE', '/api/v1/provision/delete', { serial: `${prefix}-LATE` });
    expect(again.statusCode).toBe(404);
    expect(again.json().err_code).toBe('provisionNotListed');
  });

  test('a user who may only view Provision sees the lists but adopts and uploads nothing', async () => {
    const viewer = await userWithRole(edge, admin, {
      Provision: { control: { enable: true }, isManagement: false },
    });
    expect((await viewer.call('GET', '/api/v1/provision/discovery/list')).statusCode).toBe(200);
    expect((await viewer.call('GET', '/api/v1/provision/list')).statusCode).toBe(200);
    const before = await snapshot(edge);
    const waiting = (await edge.enrolment.listDiscovery())[0]!;
    const adopt = await viewer.call('POST', '/api/v1/provision/discovery/adopt', { id: waiting.id });
    expect(adopt.statusCode).toBe(403);
    const refused = await upload(`serial\n${prefix}-NOPE\n`, viewer.call);
    expect(refused.statusCode).toBe(403);
    expect(await snapshot(edge)).toBe(before);
    await waitFor(async () => (await discovery()).includes(waiting.sn), 'the device still waiting');
  });

  test('waiting devices are removed from Discovery one, several or all at once; bad requests change nothing', async () => {
    const serials = ['X1', 'X2', 'X3', 'X4'].map((s) => `${prefix}-${s}`);
    for (const serial of serials) await enrolByHand(mqttUrl(edge), serial, 'pending');
    const idOf = async (sn: string) =>
      (await admin('GET', '/api/v1/provision/discovery/list'))
        .json<DiscoveryListResponse>()
        .list.find((d) => d.sn === sn)!.id;
    const before = await snapshot(edge);
    for (const body of [{}, { ids: [] }, { ids: ['not-an-id'] }, { all: false }]) {
      const bad = await admin('POST', '/api/v1/provision/discovery/remove', body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.json().err_code).toBeTruthy();
    }
    expect(await snapshot(edge)).toBe(before);

    const one = await admin('POST', '/api/v1/provision/discovery/remove', { ids: [await idOf(serials[0]!)] });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toEqual({ message: messages.discoveryRemoved, removed: 1 });
    const some = await admin('POST', '/api/v1/provision/discovery/remove', {
      ids: [await idOf(serials[1]!), await idOf(serials[2]!)],
    });
    expect(some.json().removed).toBe(2);
    expect(await discovery()).not.toContain(serials[1]);
    const all = await admin('POST', '/api/v1/provision/discovery/remove', { all: true });
    expect(all.json().removed).toBeGreaterThanOrEqual(1);
    expect(await discovery()).toEqual([]);
    // Adopted devices are untouched by a removal from Discovery.
    expect(await inventoryRow(`${prefix}-A1`)).toBeDefined();
    const activity = (await admin('GET', '/api/v1/settings/activity/list?pageSize=50')).body;
    expect(activity).toContain('provision.discoveryRemove');
  });

  test('another key for an adopted serial is listed under conflicts with both fingerprints, and dismissed', async () => {
    const serial = `${prefix}-CLAIMED`;
    await enrolByHand(mqttUrl(edge), serial, 'pending');
    await admin('POST', '/api/v1/provision/discovery/adopt', { id: serial });
    await enrolByHand(mqttUrl(edge), serial, 'refused');
    const listed = await admin('GET', '/api/v1/provision/conflicts');
    expect(listed.statusCode).toBe(200);
    const flagged = listed.json<AdoptedConflictListResponse>().list.find((c) => c.sn === serial)!;
    expect(flagged.fingerprint).not.toBe(flagged.conflictFingerprint);
    expect(flagged.conflictFingerprint).toMatch(/^([0-9A-F]{2}:){15}[0-9A-F]{2}$/);

    const viewer = await userWithRole(edge, admin, {
      Provision: { control: { enable: true }, isManagement: false },
    });
    expect((await viewer.call('GET', '/api/v1/provision/conflicts')).statusCode).toBe(200);
    expect(
      (await viewer.call('POST', '/api/v1/provision/conflicts/dismiss', { id: flagged.id })).statusCode,
    ).toBe(403);
    const bad = await admin('POST', '/api/v1/provision/conflicts/dismiss', { id: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('err_message');

    const dismissed = await admin('POST', '/api/v1/provision/conflicts/dismiss', { id: flagged.id });
    expect(dismissed.json()).toEqual({ message: messages.conflictDismissed });
    const again = await admin('POST', '/api/v1/provision/conflicts/dismiss', { id: flagged.id });
    expect(again.statusCode).toBe(404);
    expect(
      (await admin('GET', '/api/v1/provision/conflicts'))
        .json<AdoptedConflictListResponse>()
        .list.some((c) => c.sn === serial),
    ).toBe(false);
  });

  test('the enrolment secret is shown to Provision managers only, and rotates', async () => {
    const shown = await admin('GET', '/api/v1/provision/enrolment-secret');
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['cache-control']).toBe('no-store');
    const { secret } = shown.json<{ secret: string }>();
    expect(secret).toBe(edge.config.enrolSecret);
    const viewer = await userWithRole(edge, admin, {
      Provision: { control: { enable: true }, isManagement: false },
    });
    expect((await viewer.call('GET', '/api/v1/provision/enrolment-secret')).statusCode).toBe(403);
    expect((await viewer.call('POST', '/api/v1/provision/enrolment-secret/rotate', {})).statusCode).toBe(403);
    expect((await viewer.call('POST', '/api/v1/provision/discovery/remove', { all: true })).statusCode).toBe(
      403,
    );

    const rotated = await admin('POST', '/api/v1/provision/enrolment-secret/rotate', {});
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json()).toMatchObject({ message: messages.enrolSecretRotated });
    expect(rotated.json().secret).not.toBe(secret);
    expect((await admin('GET', '/api/v1/provision/enrolment-secret')).json().secret).toBe(
      rotated.json().secret,
    );
    // The old secret no longer enrols a new serial (the helper presents it, plus an unlisted claim code).
    await enrolByHand(mqttUrl(edge), `${prefix}-OLD`, 'refused');
    await enrolByHand(mqttUrl(edge), `${prefix}-NEW`, 'pending', undefined, {
      secret: rotated.json().secret,
    });
  });
});
