/**
 * The settings calls through the HTTP face, on SQLite and PostgreSQL, against an adopted device that is
 * not connected: every call of settingsCalls is routed; bad input answers 400 in the SPEC's words and
 * writes nothing; a change to an offline device waits, pending, and the reads answer with it.
 * (Applying to live devices: config/config.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_API_ROOT, settingsCalls } from '@edge/protocol';
import { DIALECTS, signIn } from '../testing/harness.ts';
import { caller, snapshot, type Caller } from '../testing/accounts.ts';
import type { TestConsole } from '../testing/harness.ts';
import { enrolByHand, mqttUrl, startListeningConsole, uniquePrefix } from '../testing/devices.ts';
import { settingsHandlers } from './handlers/index.ts';

const at = (route: string) => `${SETTINGS_API_ROOT}/${route}`;

const pool = {
  vid: 1,
  description: 'LAN',
  gateway: '192.168.1.1',
  netmask: '255.255.255.0',
  address_range_1: '192.168.1.100',
  address_range_2: '192.168.1.200',
  dns: '192.168.1.1',
  maximun_lease_time: 3600,
};
const wifi = {
  mode: '2.4G',
  channel: 6,
  bandwidth: 20,
  tx_power: 80,
  list: [{ idx: 0, ssid: 'Shop', password: 'password123', wpa: 'WPA2', toggle: true, vid: 1 }],
  authentication: [],
};
const staticWan = {
  iface: 'eth0',
  mode: 'static',
  ip: '10.1.2.3',
  mask: '255.255.255.0',
  gateway: '10.1.2.1',
  dns_mode: 'manual',
  dns_server_1: '1.1.1.1',
  dns_server_2: '8.8.8.8',
};
const policy = {
  mode: 'failover',
  primary: 'eth0',
  secondary: 'eth1',
  backup: 'None',
  detection: { mode: 'ping', pingTarget: '8.8.8.8', period: 10, latencyThreshold: 1000, ttl: 64 },
  loadBalance: { primaryWeight: 1, secondaryWeight: 1 },
};
const apn = {
  name: 'Office',
  type: 'private',
  apn: 'corp.example',
  username: '',
  password: '',
  auth: '',
  proxy: '',
  country: '',
  operator: '',
  sim: '',
};

/** [method, route, body without id, status, err_code]: a few refusals per section. */
const REFUSED: [string, string, Record<string, unknown>, number, string][] = [
  [
    'PATCH',
    'portType/setting',
    {
      ports: [
        { port: 'eth0', type: 'LAN' },
        { port: 'eth1', type: 'LAN' },
      ],
    },
    400,
    'wanListEmpty',
  ],
  [
    'PATCH',
    'portType/setting',
    {
      ports: [
        { port: 'eth0', type: 'WAN' },
        { port: 'eth0', type: 'LAN' },
      ],
    },
    400,
    'portDuplicate',
  ],
  ['PATCH', 'mobileNetwork/simSetting', { auto_unlock: true, code: '12' }, 400, 'simPinFormat'],
  ['POST', 'mobileNetwork/saveProfile', { ...apn, name: ' ' }, 400, 'apnSettingNameEmpty'],
  [
    'PATCH',
    'mobileNetwork/apnSetting',
    { toggle: true, apnSetting: { ...apn, username: 'me' } },
    400,
    'apnCredentialsPartial',
  ],
  ['DELETE', 'mobileNetwork/deleteProfile', { name: 'Nowhere' }, 404, 'notFound'],
  ['PATCH', 'wifi/setting', { ...wifi, list: [{ ...wifi.list[0], ssid: '!bad' }] }, 400, 'ssidLeadingChar'],
  ['PATCH', 'wifi/setting', { ...wifi, mode: '2.4G', bandwidth: 80 }, 400, 'wifiBandwidthInvalid'],
  // VLAN 1 is the untagged LAN: as a tagged VLAN it is outside SPEC 5's 2-4094.
  [
    'PATCH',
    'wifi/setting',
    { ...wifi, list: [{ ...wifi.list[0], vlan: 'tagged', vid: 1 }] },
    400,
    'vlanIdRange',
  ],
  [
    'PATCH',
    'wifi/setting',
    { ...wifi, list: [{ ...wifi.list[0], vlan: 'tagged', vid: undefined }] },
    400,
    'vlanIdRequired',
  ],
  ['POST', 'wifi/authentication/add', { name: 'tv', mac: 'zz:zz' }, 400, 'macFormat'],
  ['PATCH', 'wifi/toggle', { idx: 7, toggle: false }, 404, 'notFound'],
  ['PATCH', 'multipleWan/setting', { ...staticWan, ip: '300.1.1.1' }, 400, 'wanInvalidIp'],
  ['PATCH', 'multipleWan/setting', { ...staticWan, gateway: '10.9.9.1' }, 400, 'wanGatewayOutsideSubnet'],
  ['POST', 'wifi/connect', { ssid: 'Cafe', password: 'short', wpa: 'WPA2' }, 400, 'wifiPasswordFormat'],
  ['PATCH', 'multipleWan/setLb', { ...policy, secondary: 'None' }, 400, 'wanNotSelected'],
  // Only eth0 is a WAN (the defaults): failover has nothing to fail over to (SPEC 8).
  ['PATCH', 'multipleWan/setLb', policy, 400, 'multipleWanNeedsTwo'],
  [
    'POST',
    'wanBinding/addMARule',
    { name: 'r', destination: 'x', protocol: 'all', port: null, wan: 'eth0' },
    400,
    'destinationFormat',
  ],
  [
    'PATCH',
    'nat/setting',
    { list: [{ subnet: '10.0.0.0/4', description: '', iface: 'eth0', priority: 0, action: 'MASQUERADE' }] },
    400,
    'natSubnetFormat',
  ],
  [
    'PATCH',
    'portForward/setting',
    {
      list: [
        {
          internalIp: '192.168.1.5',
          internalPort: 70000,
          protocol: 'TCP',
          externalIface: 'eth0',
          externalPort: 80,
          description: '',
        },
      ],
    },
    400,
    'portRange',
  ],
  [
    'PATCH',
    'firewall/setting',
    { enabled: true, whitelist: [], rules: [{ port: 22, protocol: '', action: 'DROP', description: '' }] },
    400,
    'protocolEmpty',
  ],
  ['PATCH', 'dhcp/setting', { ...pool, maximun_lease_time: 30 }, 400, 'dhcpLeaseMin'],
  ['PATCH', 'dhcp/setting', { ...pool, address_range_2: '192.168.2.10' }, 400, 'dhcpRangeSubnet'],
  ['PATCH', 'dhcp/setting', { ...pool, vid: 10 }, 400, 'vlanUnknown'],
  ['POST', 'vlan/create', { vid: 5000, description: 'Too high' }, 400, 'vlanIdRange'],
  [
    'PATCH',
    'vlan/edit',
    { list: [], ports: [{ port: 'eth1', mode: 'access', vid: 10 }] },
    400,
    'vlanUnknown',
  ],
  ['PATCH', 'generalSetting/setting', { deviceName: '' }, 400, 'deviceNameEmpty'],
  ['PATCH', 'generalSetting/setting', { deviceName: 'a=b' }, 400, 'noEquals'],
  ['POST', 'clients/block', { mac: 'nope', name: '' }, 400, 'macFormat'],
];

describe('the settings routes', () => {
  it('handle every call of settingsCalls, once, in its section and kind', () => {
    const calls = settingsCalls.map((c) => `${c.method} ${c.path} ${c.section} ${c.kind}`).sort();
    const handled = settingsHandlers
      .map((h) => `${h.method} ${h.path} ${h.section} ${h.kind === 'read' ? 'read' : 'write'}`)
      .sort();
    expect(handled).toEqual(calls);
  });
});

describe.each(DIALECTS)('device settings through the API (%s)', (dialect) => {
  let edge: TestConsole;
  let admin: Caller;
  let id: string;

  beforeAll(async () => {
    edge = await startListeningConsole(dialect);
    const serial = `${uniquePrefix()}-S`;
    await edge.enrolment.provisionSerials([serial]);
    ({ deviceId: id } = await enrolByHand(mqttUrl(edge), serial));
    admin = caller(edge, await signIn(edge));
  });
  afterAll(async () => edge?.destroy());

  it('registers every settings call with its method and path', () => {
    const routes = new Set(edge.routes().map((r) => `${r.method} ${r.url}`));
    for (const call of settingsCalls) expect(routes.has(`${call.method} ${call.path}`), call.path).toBe(true);
  });

  it('answers 404 for a device it does not know', async () => {
    const res = await admin('GET', `${at('generalSetting/getConfig')}?id=00000000000000ff`);
    expect(res.statusCode).toBe(404);
    expect((await admin('GET', `${at('state')}?id=00000000000000ff`)).statusCode).toBe(404);
  });

  it.each(REFUSED)(
    '%s %s refuses bad input and writes nothing',
    async (method, route, body, status, code) => {
      const before = await snapshot(edge);
      const res = await admin(method as 'POST', at(route), { id, ...body });
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toMatchObject({ err_code: code, err_message: expect.any(String) });
      expect(await snapshot(edge)).toBe(before);
    },
  );

  it('refuses a duplicate VLAN after creating the first', async () => {
    expect((await admin('POST', at('vlan/create'), { id, vid: 10, description: 'Cameras' })).statusCode).toBe(
      200,
    );
    const before = await snapshot(edge);
    const res = await admin('POST', at('vlan/create'), { id, vid: 10, description: 'Again' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      err_code: 'vlanDuplicate',
      err_message: 'This VLAN ID already exists.',
    });
    expect(await snapshot(edge)).toBe(before);
  });

  it('keeps a change for an offline device pending, answers reads with it, and logs the write', async () => {
    const res = await admin('PATCH', at('generalSetting/setting'), { id, deviceName: 'Shop 7' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().section).toMatchObject({
      section: 'general',
      state: 'pending',
      desired: { deviceName: 'Shop 7', remoteHelp: false },
      desiredVersion: 1,
      reported: null,
      drift: [],
      updatedBy: 'admin',
    });
    expect((await admin('GET', `${at('generalSetting/getConfig')}?id=${id}`)).json()).toEqual({
      deviceName: 'Shop 7',
    });
    expect((await admin('GET', `${at('agent/generalSetting/get')}?id=${id}`)).json()).toEqual({
      remoteHelp: false,
    });

    const state = (await admin('GET', `${at('state')}?id=${id}`)).json();
    expect(state.online).toBe(false);
    expect(state.sections).toHaveLength(12);
    expect(state.sections.find((s: { section: string }) => s.section === 'general').state).toBe('pending');
    expect(state.sections.find((s: { section: string }) => s.section === 'wifi')).toMatchObject({
      state: 'in_sync',
      desired: null,
      desiredVersion: 0,
    });

    const activity = await edge.store.db
      .selectFrom('activity')
      .select(['action', 'target', 'status_code'])
      .where('action', '=', 'inventory.settings.generalSetting.setting')
      .execute();
    expect(activity).toContainEqual({
      action: 'inventory.settings.generalSetting.setting',
      target: at('generalSetting/setting'),
      status_code: 200,
    });
  });

  it('answers reads from the defaults until something is known, with live data where it has any', async () => {
    const info = (await admin('GET', `${at('mobileNetwork/info')}?id=${id}`)).json();
    expect(info).toMatchObject({ toggle: true, signal: null, imei: '', online: false });
    expect((await admin('GET', `${at('dhcp/info')}?id=${id}&vid=1`)).json().pool.gateway).toBe('192.168.1.1');
    expect((await admin('GET', `${at('dhcp/getVID')}?id=${id}`)).json()).toEqual({ list: [1, 10] });
    expect((await admin('GET', `${at('multipleWan/supported')}?id=${id}`)).json()).toEqual({
      supported: false,
      wans: ['eth0'],
    });
    expect((await admin('GET', `${at('multipleWan/currentConfig')}?id=${id}&iface=eth9`)).statusCode).toBe(
      404,
    );
    expect((await admin('GET', `${at('multipleWan/getWANStatus')}?id=${id}`)).json()).toEqual({
      list: [{ iface: 'eth0', role: 'active', state: 'fail' }],
    });
  });

  it('joins a Wi-Fi network as a client WAN and lists it as connected', async () => {
    const res = await admin('POST', at('wifi/connect'), {
      id,
      ssid: 'Cafe',
      password: 'password123',
      wpa: 'WPA2',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await admin('GET', `${at('wifi/ssidList')}?id=${id}`)).json()).toEqual({
      list: ['Cafe'],
      connected: 'Cafe',
    });
    const client = (await admin('GET', `${at('multipleWan/currentConfig')}?id=${id}&iface=sta0`)).json();
    expect(client).toMatchObject({ mode: 'wifi', ssid: 'Cafe', dns_mode: 'auto' });
  });

  it('unlinking a client of an offline device fails fast with the device message', async () => {
    const res = await admin('POST', at('clients/unlink'), { id, mac: '1a:2b:3c:4d:5e:6f' });
    expect(res.statusCode).toBe(409);
    expect(res.json().err_message).toBe('Device is offline.');
  });

  it('takes an SSID untagged (no VLAN) or in a tagged VLAN, and keeps the VLAN the device is told', async () => {
    const list = [
      { ...wifi.list[0], vlan: 'untagged', vid: 7 },
      { ...wifi.list[0], idx: 1, ssid: 'Guests', vlan: 'tagged', vid: 30 },
    ];
    const res = await admin('PATCH', at('wifi/setting'), { id, ...wifi, list });
    expect(res.statusCode, res.body).toBe(200);
    const kept = (await admin('GET', `${at('wifi/loadConfig')}?id=${id}`)).json();
    expect(kept.list.map((row: { vid: number; vlan?: string }) => [row.vid, row.vlan])).toEqual([
      [1, undefined],
      [30, undefined],
    ]);
  });
});
