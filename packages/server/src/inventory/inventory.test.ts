/**
 * The inventory through its HTTP face, with a simulated fleet on SQLite and PostgreSQL: the list (paging,
 * sorting, search, filters, counts), groups, the device dashboard, the inventory actions against real
 * (simulated) devices, secure mode, the map configuration, and refusals that write nothing.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  fleetSerial,
  messages,
  type DeviceActionResponse,
  type DeviceDashboard,
  type DeviceGroup,
  type GroupListV2Response,
  type InventoryListResponse,
} from '@edge/protocol';
import { DIALECTS, type TestConsole } from '../testing/harness.ts';
import { caller, userWithRole, type Caller } from '../testing/accounts.ts';
import type { Console } from '../app.ts';
import { startConsoleWithFleet, nextChange, uniquePrefix, waitFor, type Child } from '../testing/devices.ts';

const FLEET = 50;

/**
 * What an inventory request may change: groups, the operator's fields of devices, the provisioning list and
 * the console settings. (A live fleet keeps writing presence and reported configuration in the background.)
 */
async function snapshot(edge: Console): Promise<string> {
  const db = edge.store.db;
  return JSON.stringify([
    await db.selectFrom('device_groups').selectAll().orderBy('id').execute(),
    await db
      .selectFrom('devices')
      .select(['id', 'serial', 'name', 'adoption', 'credential_hash', 'group_id', 'profile', 'idle'])
      .orderBy('id')
      .execute(),
    await db.selectFrom('provision_serials').selectAll().orderBy('serial').execute(),
    await db.selectFrom('console_settings').select(['key', 'value']).orderBy('key').execute(),
  ]);
}
const NORTH = 30;

describe.each(DIALECTS)('inventory (%s)', (dialect) => {
  const prefix = uniquePrefix();
  let edge: TestConsole;
  let fleet: Child | undefined;
  let admin: Caller;
  const serial = (n: number) => fleetSerial(prefix, n);

  const list = async (query: Record<string, string | number> = {}) => {
    const qs = new URLSearchParams(
      Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
    ).toString();
    const res = await admin('GET', `/api/v1/inventory/list${qs ? `?${qs}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<InventoryListResponse>();
  };
  const all = async (query: Record<string, string | number> = {}) =>
    (await list({ pageSize: 40, ...query })).list;
  const rowOf = async (sn: string) => (await list({ search: sn })).list.find((d) => d.sn === sn)!;
  const groupId = async (name: string) =>
    (await admin('GET', '/api/v1/inventory/group/list'))
      .json<{ list: DeviceGroup[] }>()
      .list.find((g) => g.name === name)!.id;

  beforeAll(async () => {
    const started = await startConsoleWithFleet(dialect, {
      count: FLEET,
      prefix,
      entries: (_, i) => ({
        name: `Router ${String(i + 1).padStart(2, '0')}`,
        group: i < NORTH ? 'North' : 'South',
      }),
    });
    ({ edge, fleet } = started);
    admin = caller(edge, started.session);
  });

  afterAll(async () => {
    await fleet?.stop();
    await edge?.destroy();
  });

  test('the list pages through every device with the counts of the whole scope', async () => {
    const seen = new Set<string>();
    for (let page = 1; page <= 5; page++) {
      const body = await list({ page, pageSize: 10 });
      expect(body).toMatchObject({ totalNumber: FLEET, numOnline: FLEET, numOffline: 0, page, pageSize: 10 });
      expect(body.list).toHaveLength(10);
      body.list.forEach((d) => seen.add(d.id));
    }
    expect(seen.size).toBe(FLEET);
    expect((await list({ page: 6, pageSize: 10 })).list).toEqual([]);
    // Default: first page of 10, by name.
    const first = await list();
    expect(first.list.map((d) => d.name)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Router ${String(i + 1).padStart(2, '0')}`),
    );

    const row = first.list[0]!;
    expect(row).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f]{16}$/),
      iGWSHeartBeatID: row.id,
      sn: serial(1),
      // A simulated router raises the odd alarm of its own (a weak cell signal): either word of an online one.
      status: expect.stringMatching(/^(Runs Well|Alarm)$/),
      online: true,
      groupName: 'North',
      groupId: expect.any(Number),
      modelID: expect.any(String),
      deviceName: expect.any(String),
      ip: expect.stringMatching(/^\d+\.\d+\.\d+\.\d+$/),
      upTime: expect.any(Number),
      loadLevel: expect.stringMatching(/^(Low|Medium|High)$/),
      lastSeen: expect.any(Number),
    });
  });

  test('sorts by serial, IP and signal in both orders, devices without a value last', async () => {
    const every = async (order: string) =>
      [...(await all({ sortBy: 'sn', order })), ...(await all({ sortBy: 'sn', order, page: 2 }))].map(
        (d) => d.sn,
      );
    const asc = await every('asc');
    expect(asc).toHaveLength(FLEET);
    expect(asc).toEqual([...asc].sort());
    expect(await every('desc')).toEqual([...asc].reverse());

    const ipNumber = (ip: string) => ip.split('.').reduce((n, p) => n * 256 + Number(p), 0);
    const byIp = (await all({ sortBy: 'ip' })).map((d) => ipNumber(d.ip));
    expect(byIp).toEqual([...byIp].sort((a, b) => a - b));

    const bySignal = await all({ sortBy: 'rsrp', order: 'desc' });
    const withSignal = bySignal.filter((d) => d.rsrp !== null);
    expect(withSignal.map((d) => d.rsrp)).toEqual(withSignal.map((d) => d.rsrp).sort((a, b) => b! - a!));
    expect(bySignal.slice(withSignal.length).every((d) => d.rsrp === null)).toBe(true);
  });

  test('searches name, serial, IP and IMEI; filters by group, status and model', async () => {
    expect((await list({ search: serial(7).toLowerCase() })).list.map((d) => d.sn)).toEqual([serial(7)]);
    expect((await list({ search: 'router 1' })).totalNumber).toBe(10);

    const device = edge.devices.list().find((d) => d.serial === serial(12))!;
    expect((await list({ search: device.ip })).list.map((d) => d.sn)).toContain(serial(12));
    const cellular = edge.devices.list().find((d) => d.cellular)!;
    const found = await list({ search: cellular.cellular!.imei });
    expect(found.list.map((d) => d.id)).toEqual([cellular.id]);
    expect(found.list[0]!.imei).toBe(cellular.cellular!.imei);

    const north = await list({ groupId: await groupId('North') });
    expect(north).toMatchObject({ totalNumber: NORTH, numOnline: NORTH });
    expect((await list({ groupId: 0 })).totalNumber).toBe(0);
    const offline = await list({ status: 'Offline' });
    expect(offline).toMatchObject({ totalNumber: 0, numOnline: FLEET });

    const model = edge.devices.list()[0]!.model;
    const ofModel = await all({ modelID: model });
    expect(ofModel.length).toBe(edge.devices.list().filter((d) => d.model === model).length);
    expect(ofModel.every((d) => d.modelID === model)).toBe(true);
  });

  test('answers the sort and order options, and refuses a bad page size or sort key', async () => {
    const sortBy = (await admin('GET', '/api/v1/inventory/getDeviceSortBy')).json<{
      list: { value: string }[];
    }>();
    expect(sortBy.list.map((o) => o.value)).toContain('name');
    const signal = (await admin('GET', '/api/v1/inventory/getSignalListSortBy')).json<{
      list: { value: string }[];
    }>();
    expect(signal.list.map((o) => o.value)).toContain('rsrp');
    const order = (await admin('GET', '/api/v1/inventory/getOrder')).json<{ list: { value: string }[] }>();
    expect(order.list.map((o) => o.value)).toEqual(['asc', 'desc']);

    const badSize = await admin('GET', '/api/v1/inventory/list?pageSize=7');
    expect(badSize.statusCode).toBe(400);
    expect(badSize.json()).toEqual({ err_message: messages.pageSizeInvalid, err_code: 'pageSizeInvalid' });
    const badSort = await admin('GET', '/api/v1/inventory/list?sortBy=colour');
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().err_code).toBe('invalidChoice');
  });

  test('groups: create, refuse duplicates and bad names writing nothing, rename, count, move devices, delete', async () => {
    const created = await admin('POST', '/api/v1/inventory/group/create', { name: 'Lab', customerID: 7 });
    expect(created.statusCode, created.body).toBe(200);
    const lab = created.json<DeviceGroup>();
    expect(lab).toMatchObject({ name: 'Lab', customerID: 7 });

    const before = await snapshot(edge);
    const duplicate = await admin('POST', '/api/v1/inventory/group/create', { name: 'Lab' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ err_message: messages.groupNameTaken, err_code: 'groupNameTaken' });
    const empty = await admin('POST', '/api/v1/inventory/group/create', { name: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ err_message: messages.groupNameEmpty, err_code: 'groupNameEmpty' });
    const long = await admin('POST', '/api/v1/inventory/group/create', { name: 'x'.repeat(65) });
    expect(long.json().err_code).toBe('groupNameLength');
    const renameToTaken = await admin('PATCH', '/api/v1/inventory/group/edit', { id: lab.id, name: 'North' });
    expect(renameToTaken.statusCode).toBe(409);
    expect(await snapshot(edge)).toBe(before);

    const renamed = await admin('PATCH', '/api/v1/inventory/group/edit', { id: lab.id, name: 'Lab 2' });
    expect(renamed.json()).toEqual({ id: lab.id, name: 'Lab 2', customerID: 7 });
    expect((await admin('GET', '/api/v1/inventory/group/list?customerID=7')).json()).toEqual({
      list: [renamed.json()],
    });

    const moving = (await all({ sortBy: 'sn' })).slice(0, 3).map((d) => d.id);
    const moved = await admin('PATCH', '/api/v1/inventory/group/assign', {
      groupId: lab.id,
      deviceIds: moving,
    });
    expect(moved.json()).toEqual({ message: messages.groupAssigned });

    const v2 = (await admin('GET', '/api/v2/inventory/group/list?pageSize=10')).json<GroupListV2Response>();
    expect(v2.totalNumber).toBe(3);
    expect(v2.list.map((g) => [g.name, g.numDevices, g.numOnline, g.numOffline])).toEqual([
      ['Lab 2', 3, 3, 0],
      ['North', NORTH - 3, NORTH - 3, 0],
      ['South', FLEET - NORTH, FLEET - NORTH, 0],
    ]);
    expect(v2.ungrouped).toEqual({ numOnline: 0, numOffline: 0 });
    const named = (await admin('GET', '/api/v2/inventory/group/list?name=sou')).json<GroupListV2Response>();
    expect(named.list.map((g) => g.name)).toEqual(['South']);
    expect((await list({ groupId: lab.id })).list.map((d) => d.groupName)).toEqual([
      'Lab 2',
      'Lab 2',
      'Lab 2',
    ]);

    const deleted = await admin('DELETE', '/api/v1/inventory/group/delete', { id: lab.id });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: 'Group deleted successfully.' });
    const ungrouped = await list({ groupId: 0 });
    expect(ungrouped.list.map((d) => [d.id, d.groupId, d.groupName]).sort()).toEqual(
      [...moving].sort().map((id) => [id, null, '']),
    );
    const row = await edge.store.db
      .selectFrom('devices')
      .select('group_id')
      .where('id', '=', moving[0]!)
      .executeTakeFirst();
    expect(row?.group_id).toBeNull();
    const again = await admin('DELETE', '/api/v1/inventory/group/delete', { id: lab.id });
    expect(again.statusCode).toBe(404);
    expect(again.json().err_code).toBe('groupNotFound');
  });

  test('the device dashboard shows the live state and the stored series', async () => {
    await edge.flushDevices();
    const device = edge.devices.list().find((d) => d.serial === serial(2))!;
    const res = await admin('POST', '/api/v1/dashboards/get', { DeviceID: device.id });
    expect(res.statusCode, res.body).toBe(200);
    const board = res.json<DeviceDashboard>();
    expect(board).toMatchObject({
      deviceId: device.id,
      // A simulated router raises the odd alarm of its own (a weak cell signal): either word of an online one.
      status: expect.stringMatching(/^(Runs Well|Alarm)$/),
      online: true,
      hostname: expect.any(String),
      accessTime: expect.any(Number),
      throughput: { txMbps: expect.any(Number), rxMbps: expect.any(Number) },
      clients: { wired: expect.any(Number), wifi: expect.any(Number) },
      cpu: { cores: expect.any(Number), usage: expect.any(Number) },
      memory: { total: expect.any(Number), used: expect.any(Number) },
      disk: { total: expect.any(Number), used: expect.any(Number) },
      upTime: expect.any(Number),
      poeNeedsDcPower: expect.any(Boolean),
      device: { id: device.id, sn: serial(2) },
      series: { resolution: 'raw' },
    });
    expect(board.ethernetPorts.length).toBeGreaterThan(0);
    expect(board.interfaces.length).toBeGreaterThan(0);
    expect(board.connectedDevices.length).toBe(board.clients.wired + board.clients.wifi);
    expect(board.series.to - board.series.from).toBe(3_600_000);
    expect(board.series.traffic.ethernet.length).toBeGreaterThan(0);
    expect(board.series.traffic.ethernet.at(-1)).toEqual({
      time: expect.any(Number),
      rx: expect.any(Number),
      tx: expect.any(Number),
    });
    expect(Object.keys(board.series.traffic).sort()).toEqual([
      'cellular',
      'controlPlane',
      'dataPlane',
      'ethernet',
      'wifi',
    ]);
    expect(board.series.system.at(-1)?.cpuUsage).toEqual(expect.any(Number));

    // The coarsest resolution that draws the range: a day at 5 minutes, a week hourly.
    const day = await admin('POST', '/api/v1/dashboards/get', {
      DeviceID: device.id,
      from: Date.now() - 24 * 3_600_000,
      to: Date.now(),
    });
    expect(day.json<DeviceDashboard>().series.resolution).toBe('5m');
    const older = await admin('POST', '/api/v1/dashboards/get', {
      DeviceID: device.id,
      from: Date.now() - 7 * 24 * 3_600_000,
      to: Date.now(),
    });
    expect(older.json<DeviceDashboard>().series.resolution).toBe('hour');

    const unknown = await admin('POST', '/api/v1/dashboards/get', { DeviceID: '0000000000000000' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ err_message: 'Device not found.', err_code: 'deviceNotFound' });
    const backwards = await admin('POST', '/api/v1/dashboards/get', {
      DeviceID: device.id,
      from: 2000,
      to: 1000,
    });
    expect(backwards.json().err_code).toBe('dashboardRangeInvalid');
  });

  test('set idle marks the device Idle and tells it; clearing brings it back', async () => {
    const device = await rowOf(serial(3));
    const idle = await admin('PATCH', '/api/v1/inventory/setIdle', { id: device.id });
    expect(idle.statusCode, idle.body).toBe(200);
    expect(idle.json<DeviceActionResponse>()).toMatchObject({
      message: messages.deviceIdleSet,
      device: { status: 'Idle', idle: true },
    });
    expect((await list({ status: 'Idle' })).list.map((d) => d.id)).toEqual([device.id]);
    await waitFor(() => edge.devices.get(device.id)?.heartbeat?.idle === true, 'the device reporting idle');
    const back = await admin('PATCH', '/api/v1/inventory/setIdle', { id: device.id, idle: false });
    expect(back.json<DeviceActionResponse>()).toMatchObject({
      message: messages.deviceIdleCleared,
      device: { idle: false },
    });
    // Back to what the device reports: well, or in alarm (the simulator raises occasional alarms).
    expect(['Runs Well', 'Alarm']).toContain(back.json<DeviceActionResponse>().device.status);
  });

  test('reboot through the API: the device answers, goes offline and comes back', async () => {
    const device = await rowOf(serial(4));
    const offline = nextChange(edge, (c) => c.type === 'offline' && c.deviceId === device.id);
    const res = await admin('POST', '/api/v1/inventory/reboot', { id: device.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<DeviceActionResponse>()).toMatchObject({
      message: messages.deviceRebooting,
      delayMs: expect.any(Number),
    });
    await offline;
    expect((await rowOf(serial(4))).status).toBe('Offline');
    expect((await list()).numOffline).toBeGreaterThanOrEqual(1);
    await waitFor(async () => (await rowOf(serial(4))).online, 'the device back online');
  });

  test('shut down: refused with the SPEC words when the device cannot, done when it can', async () => {
    const cannot = edge.devices.list().find((d) => d.online && !d.capabilities.includes('shutdown'))!;
    const before = await snapshot(edge);
    const refused = await admin('POST', '/api/v1/inventory/shutdown', { id: cannot.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      err_message: 'Cannot turn off this device.',
      err_code: 'cannotTurnOff',
    });
    expect(await snapshot(edge)).toBe(before);
    expect(edge.devices.get(cannot.id)?.online).toBe(true);
    const can = edge.devices
      .list()
      .find(
        (d) => d.online && d.capabilities.includes('shutdown') && ![serial(4), serial(5)].includes(d.serial),
      )!;
    const offline = nextChange(edge, (c) => c.type === 'offline' && c.deviceId === can.id);
    const res = await admin('POST', '/api/v1/inventory/shutdown', { id: can.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(messages.deviceShuttingDown);
    await offline;

    // Now it is off: it cannot be turned off, nor rebooted, and the user is told why.
    const again = await admin('POST', '/api/v1/inventory/shutdown', { id: can.id });
    expect(again.json()).toEqual({ err_message: 'Cannot turn off this device.', err_code: 'cannotTurnOff' });
    const reboot = await admin('POST', '/api/v1/inventory/reboot', { id: can.id });
    expect(reboot.statusCode).toBe(409);
    expect(reboot.json()).toEqual({
      err_message: 'Cannot reboot the device. Device is offline.',
      err_code: 'cannotReboot',
    });
  });

  test('secure mode: applied by a device that supports it, refused for one that does not', async () => {
    // Models whose secure link runs every mode (agent catalogue); secure-mode.test.ts covers the rest.
    const everyMode = ['ER-7206 Gigabit Router', 'EG-8P PoE Edge Gateway'];
    const supported = edge.devices
      .list()
      .find((d) => d.online && d.secureMode !== 'Unsupported' && everyMode.includes(d.model))!;
    const unsupported = edge.devices.list().find((d) => d.online && d.secureMode === 'Unsupported')!;
    {
      const choice = supported.secureMode === 'Unlimited' ? 'Jump to Device Only' : 'Unlimited';
      const res = await admin('PATCH', '/api/v1/inventory/secureMode/setting', {
        id: supported.id,
        secureMode: choice,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<DeviceActionResponse>()).toMatchObject({
        message: 'Secure mode edited successfully.',
        device: { secureMode: choice, secureModeReported: choice, secureModePending: false },
      });
      expect((await rowOf(supported.serial)).secureMode).toBe(choice);
    }
    {
      const res = await admin('PATCH', '/api/v1/inventory/secureMode/setting', {
        id: unsupported.id,
        secureMode: 'Unlimited',
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().err_code).toBe('secureModeUnsupported');
    }
    const bad = await admin('PATCH', '/api/v1/inventory/secureMode/setting', {
      id: edge.devices.list()[0]!.id,
      secureMode: 'Open',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().err_code).toBe('invalidChoice');
  });

  test('delete revokes the device: it leaves the list and has to be provisioned again', async () => {
    const device = await rowOf(serial(5));
    const removed = await admin('DELETE', '/api/v1/inventory/delete', { id: device.id });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ message: messages.deviceRemoved });
    expect((await list({ search: serial(5) })).totalNumber).toBe(0);
    expect(edge.devices.get(device.id)).toBeUndefined();
    // Its old identity is refused by the broker; the agent starts over and waits in Discovery.
    await waitFor(
      async () => (await edge.enrolment.listDiscovery()).some((d) => d.sn === serial(5)),
      'the removed device back in Discovery',
      30_000,
    );
    const gone = await admin('DELETE', '/api/v1/inventory/delete', { id: device.id });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().err_code).toBe('deviceNotFound');
  });

  test('the map configuration is kept per user and labels the devices on the map', async () => {
    const initial = await admin('GET', '/api/v1/inventory/dashboardConfig');
    expect(initial.json()).toMatchObject({ colorType: 'status', contentType: 'name', type: 'all' });
    const saved = await admin('PATCH', '/api/v1/inventory/dashboardConfig', {
      contentType: 'ip',
      colorType: 'load',
      sizeType: 'large',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      contentType: 'ip',
      colorType: 'load',
      sizeType: 'large',
      type: 'all',
    });
    expect((await admin('GET', '/api/v1/inventory/dashboardConfig')).json()).toEqual(saved.json());

    const map = (await admin('GET', '/api/v1/inventory/map')).json<{
      list: { id: string; label: string; size: string }[];
    }>();
    const onMap = map.list[0]!;
    expect(onMap.label).toBe(edge.devices.get(onMap.id)!.ip);
    expect(onMap.size).toBe('large');

    const badGroup = await admin('PATCH', '/api/v1/inventory/dashboardConfig', {
      type: 'group',
      iGWSGroupID: 999_999,
    });
    expect(badGroup.statusCode).toBe(404);
    const badType = await admin('PATCH', '/api/v1/inventory/dashboardConfig', { contentType: 'colour' });
    expect(badType.statusCode).toBe(400);
  });

  test('a user who may only view the inventory reads it but changes nothing', async () => {
    const viewer = await userWithRole(edge, admin, {
      Inventory: { control: { enable: true }, isManagement: false },
    });
    expect((await viewer.call('GET', '/api/v1/inventory/list')).statusCode).toBe(200);
    const device = edge.devices.list().find((d) => d.online)!;
    const before = await snapshot(edge);
    for (const [method, url, body] of [
      ['POST', '/api/v1/inventory/reboot', { id: device.id }],
      ['PATCH', '/api/v1/inventory/setIdle', { id: device.id }],
      ['DELETE', '/api/v1/inventory/delete', { id: device.id }],
      ['POST', '/api/v1/inventory/group/create', { name: 'Nope' }],
    ] as const) {
      const res = await viewer.call(method, url, body);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().err_code).toBe('forbidden');
    }
    expect(await snapshot(edge)).toBe(before);
    expect(edge.devices.get(device.id)?.online).toBe(true);
    const nobody = await userWithRole(edge, admin, {});
    expect((await nobody.call('GET', '/api/v1/inventory/list')).statusCode).toBe(403);
  });
});
