/**
 * Desired and reported configuration end to end, on SQLite and PostgreSQL: a listening console, three
 * simulated devices (edge-fleet) and a real agent (edge-agent, writing its files into a staging root).
 * Every section applies and reports; a change made on a device shows as drift; a WAN change that cuts a
 * device off rolls back by itself; a change made while a device is away reaches it when it returns.
 *
 * The fleet's serials are fixed so its models are too (the simulator derives them from the serial):
 * CFG-000001 is a wired router, the others cellular gateways.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SECTION_KEYS,
  SETTINGS_API_ROOT,
  SETTINGS_STATE_PATH,
  deviceCapabilities,
  fleetSerial,
  mayCutOff,
  sectionDefaults,
  type SectionKey,
  type SectionStateView,
} from '@edge/protocol';
import { DIALECTS, signIn, type TestConsole } from '../testing/harness.ts';
import { caller, type Caller } from '../testing/accounts.ts';
import {
  consoleUrl,
  nextChange,
  startAgent,
  startFleet,
  startListeningConsole,
  waitFor,
  type Child,
} from '../testing/devices.ts';

const PREFIX = 'CFG';
const FLEET = 3;
const AGENT_SERIAL = `${PREFIX}-AGENT`;
/** Short, so a device cut off by a change is back within a test's patience. */
const CONFIRM_TIMEOUT_MS = 3000;

const at = (route: string) => `${SETTINGS_API_ROOT}/${route}`;
const staticWan = (ip: string, gateway: string) => ({
  iface: 'eth0',
  mode: 'static',
  ip,
  mask: '255.255.255.0',
  gateway,
  dns_mode: 'manual',
  dns_server_1: '1.1.1.1',
  dns_server_2: '8.8.8.8',
});

/** One representative write per section: [section, method, route, body without id]. */
const WRITES: [SectionKey, 'POST' | 'PATCH', string, Record<string, unknown>][] = [
  [
    'portType',
    'PATCH',
    'portType/setting',
    {
      ports: [
        { port: 'eth0', type: 'WAN' },
        { port: 'eth1', type: 'LAN' },
        { port: 'eth2', type: 'LAN' },
      ],
    },
  ],
  ['mobileNetwork', 'PATCH', 'mobileNetwork/simSetting', { auto_unlock: true, code: '1234' }],
  [
    'wifi',
    'PATCH',
    'wifi/setting',
    {
      mode: '5G',
      channel: 36,
      bandwidth: 80,
      tx_power: 70,
      list: [{ idx: 0, ssid: 'Shop', password: 'password123', wpa: 'WPA3', toggle: true, vid: 1 }],
      authentication: [{ name: 'till', mac: '1a:2b:3c:4d:5e:6f' }],
    },
  ],
  ['wan', 'PATCH', 'multipleWan/setting', staticWan('10.1.2.3', '10.1.2.1')],
  [
    'multipleWan',
    'POST',
    'wanBinding/addMARule',
    { name: 'to-hq', destination: '10.20.0.0/16', protocol: 'all', port: null, wan: 'eth0' },
  ],
  [
    'nat',
    'PATCH',
    'nat/setting',
    {
      list: [
        { subnet: '192.168.1.0/24', description: 'LAN', iface: 'eth0', priority: 10, action: 'MASQUERADE' },
      ],
    },
  ],
  [
    'portForward',
    'PATCH',
    'portForward/setting',
    {
      list: [
        {
          internalIp: '192.168.1.10',
          internalPort: 8080,
          protocol: 'TCP',
          externalIface: 'eth0',
          externalPort: 80,
          description: 'web',
        },
      ],
    },
  ],
  [
    'dhcp',
    'PATCH',
    'dhcp/setting',
    {
      vid: 1,
      description: 'LAN',
      gateway: '192.168.1.254',
      netmask: '255.255.255.0',
      address_range_1: '192.168.1.100',
      address_range_2: '192.168.1.200',
      dns: '192.168.1.254',
      maximun_lease_time: 7200,
    },
  ],
  [
    'vlan',
    'PATCH',
    'vlan/edit',
    { list: [{ vid: 10, description: 'Cameras' }], ports: [{ port: 'eth1', mode: 'access', vid: 10 }] },
  ],
  ['firewall', 'PATCH', 'firewall/toggle', { enabled: false }],
  ['general', 'PATCH', 'generalSetting/setting', { deviceName: 'Shop 7' }],
  ['clients', 'POST', 'clients/block', { mac: 'a4:83:e7:00:00:01', name: 'tv' }],
];

describe.each(DIALECTS)('device configuration with live devices (%s)', (dialect) => {
  let edge: TestConsole;
  let admin: Caller;
  let fleet: Child | undefined;
  let agent: Child | undefined;
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-agent-config-'));

  const idOf = (serial: string) => edge.devices.list().find((d) => d.serial === serial)!.id;
  const sectionState = async (id: string, section: SectionKey): Promise<SectionStateView> =>
    (await admin('GET', `${SETTINGS_STATE_PATH}?id=${id}&section=${section}`)).json().sections[0];
  /** The console has heard every section of the device (its first connect asks for them). */
  const allReported = async (id: string) => {
    const { sections } = (await admin('GET', `${SETTINGS_STATE_PATH}?id=${id}`)).json();
    return (sections as SectionStateView[]).every((s) => s.reportedVersion !== null);
  };
  const startTheAgent = () =>
    (agent = startAgent({ console: consoleUrl(edge), serial: AGENT_SERIAL, stateDir, interval: 1 }));

  beforeAll(async () => {
    edge = await startListeningConsole(dialect, { configConfirmTimeoutMs: CONFIRM_TIMEOUT_MS });
    admin = caller(edge, await signIn(edge));
    const serials = Array.from({ length: FLEET }, (_, n) => fleetSerial(PREFIX, n + 1));
    await edge.enrolment.provisionSerials([...serials, AGENT_SERIAL]);
    fleet = startFleet({ console: consoleUrl(edge), count: FLEET, prefix: PREFIX, interval: 1 });
    startTheAgent();
    await waitFor(() => edge.devices.counts().numOnline === FLEET + 1, 'every device online', 40_000).catch(
      (err: Error) => {
        throw new Error(`${err.message}\n${[...(fleet?.output ?? []), ...(agent?.output ?? [])].join('\n')}`);
      },
    );
    for (const device of edge.devices.list())
      await waitFor(() => allReported(device.id), `the sections of ${device.serial}`, 20_000);
  });

  afterAll(async () => {
    await fleet?.stop();
    await agent?.stop();
    await edge?.destroy();
    fs.rmSync(stateDir, { recursive: true, force: true });
  });

  it('starts from what each device reports, with nothing desired and no drift', async () => {
    const id = idOf(fleetSerial(PREFIX, 2));
    const device = edge.devices.get(id)!;
    const state = (await admin('GET', `${SETTINGS_STATE_PATH}?id=${id}`)).json();
    expect(state.online).toBe(true);
    const ownPorts = { ports: device.telemetry!.ports.map((p) => ({ port: p.name, type: p.portType })) };
    // Its own name and ports, the ones its dashboard shows; SPEC 9's defaults for the rest.
    const own: Partial<Record<SectionKey, unknown>> = {
      general: {
        deviceName: device.hostname,
        remoteHelp: false,
        jumpServices: [{ name: 'Web interface', type: 'HTTP', port: 80 }],
      },
      portType: ownPorts,
    };
    for (const section of state.sections as SectionStateView[]) {
      expect(section).toMatchObject({ state: 'in_sync', desired: null, reportedVersion: 0, drift: [] });
      expect(section.reported).toEqual(own[section.section] ?? sectionDefaults[section.section]);
    }
    expect(device.hostname).not.toBe(sectionDefaults.general.deviceName);
    const read = await admin('GET', `${at('generalSetting/getConfig')}?id=${id}`);
    expect(read.json()).toEqual({ deviceName: device.hostname });
  });

  it('shows an applied device name everywhere the name is shown', async () => {
    const id = idOf(fleetSerial(PREFIX, 1));
    const res = await admin('PATCH', at('generalSetting/setting'), { id, deviceName: 'front-desk-router' });
    // Answered once stored; the device applies it after the answer, and the record follows.
    expect(res.json().section).toMatchObject({ state: 'pending' });
    await edge.deviceConfig.settled();
    await waitFor(() => edge.devices.get(id)?.hostname === 'front-desk-router', 'the record renamed');
    const list = (await admin('GET', `/api/v1/inventory/list?search=${fleetSerial(PREFIX, 1)}`)).json();
    expect(list.list.find((row: { id: string }) => row.id === id)).toMatchObject({
      deviceName: 'front-desk-router',
    });
    const dashboard = (await admin('POST', '/api/v1/dashboards/get', { DeviceID: id })).json();
    expect(JSON.stringify(dashboard)).toContain('"hostname":"front-desk-router"');
  });

  it.each(WRITES)('applies %s and the device reports it back', async (section, method, route, body) => {
    const id = idOf(fleetSerial(PREFIX, 2));
    const res = await admin(method, at(route), { id, ...body });
    expect(res.statusCode, res.body).toBe(200);
    // Answered once stored; the apply goes on without the request.
    expect(res.json().section).toMatchObject({ section, state: 'pending', desiredVersion: 1 });
    await edge.deviceConfig.settled();
    const view = await sectionState(id, section);
    expect(view).toMatchObject({
      section,
      state: 'in_sync',
      outcome: mayCutOff[section] ? 'confirmed' : 'applied',
      desiredVersion: 1,
      reportedVersion: 1,
      drift: [],
      lastError: null,
      confirmBy: null,
    });
    expect(view.reported).toEqual(view.desired);
    const onDevice = await edge.rpc.call(id, 'config.get', { sections: [section] });
    expect(onDevice.sections[0]!.doc).toEqual(view.desired);
  });

  it('shows a change made on the device as drift, and does not overwrite it', async () => {
    const id = idOf(fleetSerial(PREFIX, 3));
    await admin('PATCH', at('generalSetting/setting'), { id, deviceName: 'From the console' });
    await edge.deviceConfig.settled();
    await edge.rpc.call(id, 'debug.setLocal', {
      section: 'general',
      doc: { deviceName: 'Renamed on site', remoteHelp: false },
    });
    const drifted = await waitFor(async () => {
      const s = await sectionState(id, 'general');
      return s.drift.length > 0 && s;
    }, 'drift on general');
    expect(drifted).toMatchObject({
      state: 'in_sync',
      desired: { deviceName: 'From the console' },
      reported: { deviceName: 'Renamed on site' },
      drift: [{ path: 'deviceName', desired: 'From the console', reported: 'Renamed on site' }],
    });
    await new Promise((r) => setTimeout(r, 1500));
    const [onDevice] = (await edge.rpc.call(id, 'config.get', { sections: ['general'] })).sections;
    expect(onDevice!.doc).toEqual({
      deviceName: 'Renamed on site',
      remoteHelp: false,
      jumpServices: [{ name: 'Web interface', type: 'HTTP', port: 80 }],
    });

    // Writing the section again puts the console's document back.
    await admin('PATCH', at('generalSetting/setting'), { id, deviceName: 'From the console' });
    await edge.deviceConfig.settled();
    expect(await sectionState(id, 'general')).toMatchObject({
      state: 'in_sync',
      desiredVersion: 2,
      drift: [],
    });
  });

  it('rolls back a WAN change that cuts the device off, by itself, and says so when it returns', async () => {
    const wired = edge.devices
      .list()
      .find(
        (d) => d.serial.startsWith(`${PREFIX}-0`) && !d.capabilities.includes(deviceCapabilities.cellular),
      )!;
    expect(wired.serial).toBe(fleetSerial(PREFIX, 1));
    const id = wired.id;
    const offline = nextChange(edge, (c) => c.type === 'offline' && c.deviceId === id);
    const back = offline.then(() => nextChange(edge, (c) => c.type === 'online' && c.deviceId === id));

    // 192.0.2.0/24 is outside the simulated provider network: the device can no longer reach us.
    const res = await admin('PATCH', at('multipleWan/setting'), {
      id,
      ...staticWan('192.0.2.10', '192.0.2.1'),
    });
    expect(res.statusCode, res.body).toBe(200);
    await edge.deviceConfig.settled();
    expect(await sectionState(id, 'wan')).toMatchObject({
      state: 'awaiting_confirm',
      confirmBy: expect.any(Number),
    });
    await offline;
    await back;

    const rolledBack = await waitFor(async () => {
      const s = await sectionState(id, 'wan');
      return s.state === 'rolled_back' && s;
    }, 'the rollback report');
    expect(rolledBack).toMatchObject({
      outcome: 'rolled_back',
      lastErrorCode: 'configRolledBack',
      desiredVersion: 1,
      reportedVersion: 0,
      reported: sectionDefaults.wan,
      confirmBy: null,
    });
    expect(rolledBack.drift.map((d) => d.path)).toContain('list[0].mode');

    // Nothing sends the change again by itself: it would only cut the device off again.
    await new Promise((r) => setTimeout(r, 1500));
    expect(edge.devices.get(id)?.online).toBe(true);
    expect((await sectionState(id, 'wan')).state).toBe('rolled_back');
  });

  it('delivers a change made while a device was away when it returns', async () => {
    const id = idOf(AGENT_SERIAL);
    const offline = nextChange(edge, (c) => c.type === 'offline' && c.deviceId === id);
    await agent!.stop();
    await offline;

    const res = await admin('PATCH', at('generalSetting/setting'), { id, deviceName: 'Written while away' });
    expect(res.json().section).toMatchObject({ state: 'pending', desiredVersion: 1 });

    startTheAgent();
    const delivered = await waitFor(async () => {
      const s = await sectionState(id, 'general');
      return s.state === 'in_sync' && s.reportedVersion === 1 && s;
    }, 'the change delivered');
    expect(delivered).toMatchObject({
      outcome: 'applied',
      drift: [],
      reported: { deviceName: 'Written while away' },
    });
    // The real agent rendered it into its staging root (dry run: nothing on this machine changed).
    const edgeFile = fs.readFileSync(path.join(stateDir, 'apply-root/etc/config/edge'), 'utf8');
    expect(edgeFile).toContain("option device_name 'Written while away'");
  });

  it('keeps a section list of every section for every device', async () => {
    const state = (await admin('GET', `${SETTINGS_STATE_PATH}?id=${idOf(AGENT_SERIAL)}`)).json();
    expect((state.sections as SectionStateView[]).map((s) => s.section)).toEqual([...SECTION_KEYS]);
  });
});
