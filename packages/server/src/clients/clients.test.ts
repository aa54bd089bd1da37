/**
 * Clients over a simulated fleet: every client the devices report is listed with its device, searched by
 * name or IP, filtered by device and group, paged by the server; blocking one through the device's
 * settings puts it in the device's own blacklist and shows it blocking until the device reports it applied,
 * then blocked, unblocking likewise; a device that refuses the block leaves the client not blocked; a bad
 * MAC is refused in SPEC 5's words; callers without Clients are refused.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CLIENTS_API, SETTINGS_API_ROOT, fleetSerial, type ClientListResponse } from '@edge/protocol';
import { DIALECTS, type TestConsole } from '../testing/harness.ts';
import { startConsoleWithFleet, uniquePrefix, waitFor, type Child } from '../testing/devices.ts';
import { caller, userWithRole, type Caller } from '../testing/accounts.ts';

const COUNT = 3;
const at = (route: string) => `${SETTINGS_API_ROOT}/${route}`;

describe.each(DIALECTS)('Clients (%s)', (dialect) => {
  const prefix = uniquePrefix();
  let edge: TestConsole;
  let fleet: Child;
  let admin: Caller;
  let ids: string[];

  const list = async (query: Record<string, string | number> = {}) => {
    const qs = new URLSearchParams({
      pageSize: '40',
      ...Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    });
    const res = await admin('GET', `${CLIENTS_API}/list?${qs}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ClientListResponse>();
  };

  beforeAll(async () => {
    let session;
    ({ edge, session, fleet } = await startConsoleWithFleet(dialect, {
      count: COUNT,
      prefix,
      control: true,
    }));
    admin = caller(edge, session);
    ids = Array.from(
      { length: COUNT },
      (_, i) => edge.devices.list().find((d) => d.serial === fleetSerial(prefix, i + 1))!.id,
    );
    // Every device's clients written (the tracker writes every 10 s).
    await waitFor(
      async () =>
        (await Promise.all(ids.map((deviceId) => list({ deviceId })))).every((l) => l.totalNumber > 0),
      'clients of every device listed',
      40_000,
    );
  }, 120_000);

  afterAll(async () => {
    await fleet?.stop();
    await edge?.destroy();
  });

  test('every reported client is listed with its device; search, filters and pages', async () => {
    const all = await list({ deviceId: ids[0]! });
    const device = edge.devices.get(ids[0]!)!;
    const reported = device.telemetry!.clients;
    const mine = all.list.filter((c) => c.deviceId === ids[0]);
    // Clients come and go in the simulator: every listed one was reported once, the connected ones now.
    for (const c of mine.filter((r) => r.connected))
      expect(reported.map((r) => r.mac.toLowerCase())).toContain(c.mac);
    const sample = mine.find((c) => c.connected) ?? mine[0]!;
    expect(sample).toMatchObject({ deviceName: device.name || device.serial, blocked: false });
    expect(sample.firstSeen).toBeLessThanOrEqual(sample.lastSeen);
    if (sample.kind === 'wifi') expect(sample.ssid).not.toBe('');

    const byIp = await list({ search: sample.ip });
    expect(byIp.list.every((c) => c.ip.includes(sample.ip))).toBe(true);
    expect(byIp.list.map((c) => c.mac)).toContain(sample.mac);
    const byName = await list({ search: sample.hostname.slice(1, 5).toUpperCase() });
    expect(byName.list.map((c) => c.mac)).toContain(sample.mac);
    expect(
      byName.list.every(
        (c) =>
          c.hostname.toLowerCase().includes(sample.hostname.slice(1, 5).toLowerCase()) ||
          c.ip.includes(sample.hostname.slice(1, 5)) ||
          c.mac.includes(sample.hostname.slice(1, 5).toLowerCase()),
      ),
    ).toBe(true);
    expect((await list({ search: '%' })).totalNumber).toBe(0);

    const ofDevice = await list({ deviceId: ids[1]! });
    expect(ofDevice.list.every((c) => c.deviceId === ids[1])).toBe(true);
    const group = await edge.devices.groups.create(`clients-${prefix}`);
    await edge.devices.updateMany([ids[2]!], { groupId: group.id });
    const ofGroup = await list({ groupId: group.id });
    expect(ofGroup.list.length).toBeGreaterThan(0);
    expect(ofGroup.list.every((c) => c.deviceId === ids[2])).toBe(true);

    const paged = await list({ pageSize: 10, page: 1 });
    expect(paged.totalNumber).toBe((await list()).totalNumber);
    expect(paged.list.length).toBe(Math.min(10, paged.totalNumber));
  });

  /** The client's row as the list shows it now. */
  const rowOf = async (deviceId: string, mac: string) =>
    (await list({ deviceId, search: mac })).list.find((c) => c.mac === mac);
  const ownBlacklist = async (deviceId: string) =>
    (await admin('GET', `${at('clients/list')}?id=${deviceId}`)).json<{ blacklist: unknown[] }>().blacklist;

  /**
   * Makes a change with the fleet stopped (stored and on its way, but no device can apply it yet): the row
   * shows it under way and the device's own list has it; once the fleet runs again, the row shows it applied.
   */
  const changeWhileStopped = async (
    mac: string,
    change: { route: string; body: object; blacklist: unknown[] },
    underWay: { blocked: boolean; blockChange: string },
  ) => {
    fleet.process.kill('SIGSTOP');
    try {
      const res = await admin('POST', at(change.route), { id: ids[0], mac, ...change.body });
      expect(res.statusCode, res.body).toBe(200);
      expect(await ownBlacklist(ids[0]!)).toEqual(change.blacklist);
      expect(await rowOf(ids[0]!, mac)).toMatchObject(underWay);
    } finally {
      fleet.process.kill('SIGCONT');
    }
    const applied = !underWay.blocked;
    await waitFor(
      async () => (await rowOf(ids[0]!, mac))?.blocked === applied,
      `the device reporting ${change.route} applied`,
      30_000,
    );
    expect(await rowOf(ids[0]!, mac)).toMatchObject({ blocked: applied, blockChange: null });
  };

  test('a block shows pending until the device reports it applied, then blocked; an unblock likewise', async () => {
    const { mac, hostname } = (await list({ deviceId: ids[0]! })).list[0]!;
    await changeWhileStopped(
      mac,
      { route: 'clients/block', body: { name: hostname }, blacklist: [{ mac, name: hostname }] },
      { blocked: false, blockChange: 'blocking' },
    );
    await changeWhileStopped(
      mac,
      { route: 'clients/unblock', body: {}, blacklist: [] },
      { blocked: true, blockChange: 'unblocking' },
    );

    const bad = await admin('POST', at('clients/block'), { id: ids[0], mac: '1a2b3c4d5e6f', name: '' });
    expect([bad.statusCode, bad.json().err_message]).toEqual([400, 'Invalid MAC format']);
  });

  test('a device that refuses the block keeps its blacklist, and the client shows not blocked', async () => {
    const serial = fleetSerial(prefix, 2);
    const client = (await list({ deviceId: ids[1]! })).list[0]!;
    fleet.process.stdin!.write(`refuse ${serial}\n`);
    try {
      // Its answer on stdout says the fleet took the line in (agent fleet-control.ts).
      await waitFor(
        () =>
          fleet.output.some((l) => l.startsWith('control ') && l.includes('"refuse"') && l.includes(serial)),
        'the fleet taking the refusal in',
      );
      const block = await admin('POST', at('clients/block'), { id: ids[1], mac: client.mac, name: '' });
      expect(block.statusCode, block.body).toBe(200);
      await waitFor(
        async () => (await edge.deviceConfig.state(ids[1]!, 'clients')).sections[0]?.state === 'failed',
        'the device refusing the block',
        30_000,
      );
      expect(await ownBlacklist(ids[1]!)).toEqual([{ mac: client.mac, name: '' }]);
      expect(await rowOf(ids[1]!, client.mac)).toMatchObject({ blocked: false, blockChange: null });
    } finally {
      fleet.process.stdin!.write(`accept ${serial}\n`);
    }
  });

  test('callers without Clients are refused', async () => {
    const outsider = await userWithRole(edge, admin, {
      Inventory: { control: { enable: true }, isManagement: false },
    });
    expect((await outsider.call('GET', `${CLIENTS_API}/list`)).statusCode).toBe(403);
  });
});
