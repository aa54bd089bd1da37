/**
 * Profile templates with simulated devices, on each dialect: created, edited, copied and deleted with the
 * SPEC 8 words and the SPEC 5 rules; a device adopted with a template, by the provisioning CSV's profile
 * column or in the Adopt dialog, comes up with the template's Wi-Fi, WAN, DHCP, mobile network and device
 * name, through the desired-config path (the device reports them back); a name no template has is refused
 * at adoption and in the CSV with nothing written.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  PROFILE_TEMPLATES_API,
  fleetSerial,
  messages,
  profileTemplateDefaults,
  type DiscoveryListResponse,
  type ProfileTemplate,
  type ProfileTemplateView,
  type SectionKey,
} from '@edge/protocol';
import { DIALECTS, signIn, type TestConsole } from '../testing/harness.ts';
import { caller, snapshot, type Caller } from '../testing/accounts.ts';
import { multipart } from '../testing/files.ts';
import {
  consoleUrl,
  startFleet,
  startListeningConsole,
  uniquePrefix,
  waitFor,
  type Child,
} from '../testing/devices.ts';
import { TEST_CLAIM_CODE } from '../testing/harness.ts';

const shop = (name: string): ProfileTemplate => {
  const base = profileTemplateDefaults(name);
  return {
    ...base,
    deviceName: 'shop-router',
    dhcp: {
      ...base.dhcp,
      description: 'Shop LAN',
      gateway: '10.20.0.1',
      netmask: '255.255.255.0',
      address_range_1: '10.20.0.100',
      address_range_2: '10.20.0.200',
      dns: '10.20.0.1',
      maximun_lease_time: 3600,
    },
    wan: {
      iface: 'eth0',
      mode: 'dhcp',
      dns_mode: 'manual',
      dns_server_1: '9.9.9.9',
      dns_server_2: '1.1.1.1',
    },
    mobileNetwork: {
      ...base.mobileNetwork,
      apnSetting: {
        ...base.mobileNetwork.apnSetting,
        name: 'Corp',
        type: 'private',
        apn: 'corp.example',
        username: 'shop',
        password: 'secret',
        auth: 'CHAP',
      },
      simSetting: { auto_unlock: false, code: '1234' },
    },
    wifi: {
      ...base.wifi,
      channel: 6,
      list: [{ idx: 0, ssid: 'Shop guests', password: 'welcome-123', wpa: 'WPA2', toggle: true, vid: 1 }],
    },
  };
};

describe.each(DIALECTS)('profile templates at adoption (%s)', (dialect) => {
  const prefix = uniquePrefix();
  let edge: TestConsole;
  let admin: Caller;
  let fleet: Child | undefined;

  const upload = (csv: string) => {
    const body = multipart(Buffer.from(csv), 'provision.csv', 'text/csv');
    return admin('POST', '/api/v1/provision/upload', body.payload, body.headers);
  };
  const create = async (template: ProfileTemplate) => {
    const res = await admin('POST', `${PROFILE_TEMPLATES_API}/create`, template);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().template as ProfileTemplateView;
  };
  const serial = (n: number) => fleetSerial(prefix, n);
  const deviceOf = (sn: string) => edge.devices.list().find((d) => d.serial === sn);
  /** The section as the device reported it, once it holds what the console wants. */
  const reported = async (deviceId: string, section: SectionKey) => {
    const stateOf = async () => (await edge.deviceConfig.state(deviceId, section)).sections[0];
    return waitFor(
      async () => {
        const view = await stateOf();
        return view?.state === 'in_sync' && view.reportedVersion === view.desiredVersion && view.reported;
      },
      `${section} of ${deviceId} applied`,
      60_000,
    ).catch(async (err: Error) => {
      throw new Error(`${err.message}: ${JSON.stringify(await stateOf())}`);
    });
  };

  /** The device holds the template's device name, WAN, DHCP pool, mobile network and Wi-Fi. */
  async function expectTemplate(deviceId: string, template: ProfileTemplate) {
    await waitFor(
      async () =>
        (
          await edge.store.db
            .selectFrom('profile_template_devices')
            .select('versions')
            .where('device_id', '=', deviceId)
            .executeTakeFirst()
        )?.versions.includes('wifi'),
      'the template given',
      30_000,
    );
    expect(await reported(deviceId, 'general')).toMatchObject({ deviceName: template.deviceName });
    expect(await reported(deviceId, 'wan')).toMatchObject({ list: expect.arrayContaining([template.wan]) });
    expect(await reported(deviceId, 'dhcp')).toMatchObject({ list: [template.dhcp] });
    expect(await reported(deviceId, 'mobileNetwork')).toEqual(template.mobileNetwork);
    const { accounts: _accounts, ...wifi } = (await reported(deviceId, 'wifi')) as ProfileTemplate['wifi'];
    const { accounts: _none, ...wanted } = template.wifi;
    expect(wifi).toEqual(wanted);
  }

  beforeAll(async () => {
    edge = await startListeningConsole(dialect);
    admin = caller(edge, await signIn(edge));
  });

  afterAll(async () => {
    await fleet?.stop();
    await edge?.destroy();
  });

  test('templates are created, edited, copied and deleted with the SPEC 8 words and SPEC 5 rules', async () => {
    const made = await admin('POST', `${PROFILE_TEMPLATES_API}/create`, profileTemplateDefaults('Kiosk'));
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({
      message: 'Profile created successfully.',
      template: { template: { name: 'Kiosk', mobileNetwork: { simSetting: { code: '0000' } } }, devices: 0 },
    });
    const id = made.json().template.id as number;
    const duplicate = await admin(
      'POST',
      `${PROFILE_TEMPLATES_API}/create`,
      profileTemplateDefaults('Kiosk'),
    );
    expect(duplicate.statusCode).toBe(409);
    const before = await snapshot(edge);
    const noPin = profileTemplateDefaults('No PIN');
    noPin.mobileNetwork.simSetting.code = '';
    const refused = await admin('POST', `${PROFILE_TEMPLATES_API}/create`, noPin);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ err_message: messages.simPinEmpty, err_code: 'simPinEmpty' });
    const partial = profileTemplateDefaults('Partial');
    partial.mobileNetwork.apnSetting = {
      ...partial.mobileNetwork.apnSetting,
      type: 'private',
      apn: 'corp.example',
      username: 'only-me',
    };
    expect((await admin('POST', `${PROFILE_TEMPLATES_API}/create`, partial)).json().err_code).toBe(
      'apnCredentialsPartial',
    );
    const equals = await admin('POST', `${PROFILE_TEMPLATES_API}/create`, profileTemplateDefaults('a=b'));
    expect(equals.json().err_message).toBe('name or value must not contain 「=」');
    expect(await snapshot(edge)).toBe(before);

    const edited = await admin('PATCH', `${PROFILE_TEMPLATES_API}/edit`, {
      ...profileTemplateDefaults('Kiosk 2'),
      id,
      deviceName: 'kiosk',
    });
    expect(edited.json()).toMatchObject({
      message: 'Profile edited successfully.',
      template: { template: { name: 'Kiosk 2', deviceName: 'kiosk' } },
    });
    const copied = await admin('POST', `${PROFILE_TEMPLATES_API}/copy`, { id, name: 'Kiosk copy' });
    expect(copied.json()).toMatchObject({
      message: 'Profile created successfully.',
      template: { template: { name: 'Kiosk copy', deviceName: 'kiosk' } },
    });
    expect((await admin('POST', `${PROFILE_TEMPLATES_API}/copy`, { id, name: 'Kiosk 2' })).statusCode).toBe(
      409,
    );
    const removed = await admin('DELETE', `${PROFILE_TEMPLATES_API}/delete`, { id });
    expect(removed.json()).toEqual({ message: 'Profile deleted successfully.' });
    expect((await admin('DELETE', `${PROFILE_TEMPLATES_API}/delete`, { id })).statusCode).toBe(404);
    const names = (await admin('GET', `${PROFILE_TEMPLATES_API}/names`)).json().names;
    expect(names).toEqual(['Kiosk copy']);
  });

  test('a device adopted with a template, by the CSV or the Adopt dialog, comes up with its settings', async () => {
    const template = (await create(shop('Shop'))).template;
    // A name no template has: the CSV and the adoption are refused, nothing written.
    const before = await snapshot(edge);
    const unknown = await upload(`serial,profile,claimCode\n${serial(1)},Nope,${TEST_CLAIM_CODE}\n`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ err_code: 'profileTemplateUnknown' });
    expect(unknown.json().err_message).toContain('Nope');
    expect(await snapshot(edge)).toBe(before);

    // Two serials listed with the template; the third waits in Discovery for the operator.
    const listed = await upload(
      `serial,name,profile,claimCode\n${serial(1)},Shop 1,Shop,${TEST_CLAIM_CODE}\n${serial(2)},Shop 2,Shop,${TEST_CLAIM_CODE}\n`,
    );
    expect(listed.statusCode, listed.body).toBe(200);
    fleet = startFleet({ console: consoleUrl(edge), count: 3, prefix, models: ['RUT-X11 4G Gateway'] });
    const waiting = await waitFor(
      async () =>
        (await admin('GET', '/api/v1/provision/discovery/list'))
          .json<DiscoveryListResponse>()
          .list.find((d) => d.sn === serial(3)),
      'the third device in Discovery',
      60_000,
    );
    const wrong = await admin('POST', '/api/v1/provision/discovery/adopt', {
      id: waiting.id,
      profile: 'Nope',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().err_code).toBe('profileTemplateUnknown');
    expect(deviceOf(serial(3))).toBeUndefined();
    const adopted = await admin('POST', '/api/v1/provision/discovery/adopt', {
      id: waiting.id,
      profile: 'Shop',
    });
    expect(adopted.statusCode, adopted.body).toBe(200);

    for (const n of [1, 2, 3]) {
      const device = await waitFor(
        () => deviceOf(serial(n))?.online && deviceOf(serial(n)),
        `device ${n}`,
        60_000,
      );
      expect(device.profile).toBe('Shop');
      await expectTemplate(device.id, template);
    }
    const listedNow = (await admin('GET', `${PROFILE_TEMPLATES_API}/list`)).json()
      .list as ProfileTemplateView[];
    expect(listedNow.find((t) => t.template.name === 'Shop')?.devices).toBe(3);
  }, 180_000);
});
