/**
 * Live updates over a real WebSocket, beside devices that reach the same port over MQTT-over-WebSocket:
 * who may connect, the counts on connect, batched row changes when a device goes offline and comes back,
 * dashboard snapshots of subscribed devices at most once a second, Discovery news, bad client messages.
 * Every message is {channel, key, data}; the browser subscribes to what it shows.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LIVE_CHANNELS, fleetSerial, listChannelKey, type InventoryListResponse } from '@edge/protocol';
import { DIALECTS, signIn, type TestConsole } from '../testing/harness.ts';
import { caller, userWithRole, type Caller } from '../testing/accounts.ts';
import {
  consoleUrl,
  enrolByHand,
  mqttUrl,
  startFleet,
  startListeningConsole,
  uniquePrefix,
  waitFor,
  type Child,
} from '../testing/devices.ts';
import { openLive, type LiveClient } from '../testing/live.ts';

const FLEET = 5;

describe.each(DIALECTS)('live updates (%s)', (dialect) => {
  const prefix = uniquePrefix();
  let edge: TestConsole;
  let fleet: Child | undefined;
  let admin: Caller;
  let cookie: string;
  const clients: LiveClient[] = [];
  const open = async (headers: Record<string, string> = { cookie }) => {
    const client = await openLive(edge, headers);
    clients.push(client);
    return client;
  };
  /** A socket that follows the device rows, as the list screens do. */
  const openRows = async () => {
    const live = await open();
    live.subscribe(LIVE_CHANNELS.devices, ['']);
    return live;
  };

  beforeAll(async () => {
    edge = await startListeningConsole(dialect);
    const session = await signIn(edge);
    cookie = session.cookie;
    admin = caller(edge, session);
    await edge.enrolment.provisionSerials(
      Array.from({ length: FLEET }, (_, i) => fleetSerial(prefix, i + 1)),
      { group: 'Live' },
    );
    fleet = startFleet({ console: consoleUrl(edge), count: FLEET, prefix, interval: 1 });
    await waitFor(
      () => edge.devices.list().filter((d) => d.online && d.telemetry).length === FLEET,
      'the fleet reporting',
      40_000,
    );
  });

  afterAll(async () => {
    for (const client of clients) client.close();
    await fleet?.stop();
    await edge?.destroy();
  });

  test('refuses callers who are not signed in or come from another site, and channels a caller may not read', async () => {
    await expect(openLive(edge, {})).rejects.toThrow('HTTP 401');
    await expect(openLive(edge, { cookie: 'edge_session=forged' })).rejects.toThrow('HTTP 401');
    const nobody = await userWithRole(edge, admin, {
      Provision: { control: { enable: true }, isManagement: true },
    });
    // Every signed-in user has a socket (their notification list is live), but not the inventory's rows.
    const theirs = await openLive(edge, { cookie: nobody.session.cookie });
    clients.push(theirs);
    theirs.subscribe(LIVE_CHANNELS.devices, ['']);
    expect((await theirs.next(LIVE_CHANNELS.live, (d) => 'err_code' in d)).data).toMatchObject({
      err_code: 'forbidden',
      channel: LIVE_CHANNELS.devices,
    });
    await theirs.settled();
    expect(theirs.messages.filter((m) => m.channel === LIVE_CHANNELS.devices)).toEqual([]);
    await expect(openLive(edge, { cookie, origin: 'https://evil.example' })).rejects.toThrow('HTTP 403');
    // The devices' MQTT over WebSocket on the same port is unaffected.
    expect(edge.devices.counts().numOnline).toBe(FLEET);
  });

  test('greets with the counts; a device that stops comes as an offline row, then back online', async () => {
    const live = await openRows();
    expect((await live.next(LIVE_CHANNELS.devices)).data).toMatchObject({ numOnline: FLEET, numOffline: 0 });
    const device = edge.devices.list().find((d) => d.serial === fleetSerial(prefix, 1))!;

    const reboot = await admin('POST', '/api/v1/inventory/reboot', { id: device.id });
    expect(reboot.statusCode, reboot.body).toBe(200);
    const { data: offline } = await live.next(LIVE_CHANNELS.devices, (m) =>
      m.changed.some((r) => r.id === device.id && !r.online),
    );
    expect(offline.changed.find((r) => r.id === device.id)).toMatchObject({
      status: 'Offline',
      sn: fleetSerial(prefix, 1),
      groupName: 'Live',
    });
    expect(offline.numOffline).toBeGreaterThanOrEqual(1);
    expect(offline.numOnline + offline.numOffline).toBe(FLEET);
    const { data: back } = await live.next(LIVE_CHANNELS.devices, (m) =>
      m.changed.some((r) => r.id === device.id && r.online),
    );
    // Back online: whether it also raised an alarm after its boot (the simulated WAN may still be coming
    // up on a busy machine) is the alarm rules' business, not the live feed's.
    expect(back.changed.find((r) => r.id === device.id)?.status).not.toBe('Offline');
  });

  test('operator changes (group moves, renames) arrive as row changes', async () => {
    const live = await openRows();
    await live.next(LIVE_CHANNELS.devices);
    const [a, b] = edge.devices.list().filter((d) => d.online);
    const group = (await admin('POST', '/api/v1/inventory/group/create', { name: 'Moved' })).json<{
      id: number;
    }>();
    await admin('PATCH', '/api/v1/inventory/group/assign', { groupId: group.id, deviceIds: [a!.id, b!.id] });
    const { data: moved } = await live.next(LIVE_CHANNELS.devices, (m) =>
      [a!.id, b!.id].every((id) => m.changed.some((r) => r.id === id && r.groupName === 'Moved')),
    );
    expect(moved.changed.filter((r) => r.groupName === 'Moved')).toHaveLength(2);
    await admin('PATCH', '/api/v1/inventory/group/edit', { id: group.id, name: 'Renamed' });
    await live.next(LIVE_CHANNELS.devices, (m) =>
      m.changed.some((r) => r.id === a!.id && r.groupName === 'Renamed'),
    );
  });

  test('a subscribed list page comes as the console computes it: first at once, then as devices change', async () => {
    const live = await open();
    const key = listChannelKey({ online: true, page: 1, pageSize: 10, sortBy: 'name', order: 'desc' });
    const asRead = async () =>
      (await admin('GET', `/api/v1/inventory/list?${key}`)).json<InventoryListResponse>();
    live.subscribe(LIVE_CHANNELS.list, [key]);
    const first = await live.next(LIVE_CHANNELS.list);
    expect(first.key).toBe(key);
    // The same devices in the same order as a read (their figures move on as they report).
    const read = await asRead();
    expect(first.data.list.map((r) => r.id)).toEqual(read.list.map((r) => r.id));
    expect(first.data.totalNumber).toBe(read.totalNumber);
    const device = edge.devices.list().find((d) => d.serial === fleetSerial(prefix, 2))!;
    expect(first.data.list.map((r) => r.id)).toContain(device.id);

    const reboot = await admin('POST', '/api/v1/inventory/reboot', { id: device.id });
    expect(reboot.statusCode, reboot.body).toBe(200);
    // Offline: no longer on a page of online devices; the same page a read gives.
    const without = await live.next(LIVE_CHANNELS.list, (page) => !page.list.some((r) => r.id === device.id));
    expect(without.data.totalNumber).toBe(first.data.totalNumber - 1);
    const back = await live.next(LIVE_CHANNELS.list, (page) => page.list.some((r) => r.id === device.id));
    const names = back.data.list.map((r) => r.name.toLowerCase());
    expect(names).toEqual([...names].sort().reverse());

    // A query the list route would refuse is refused as a key.
    live.subscribe(LIVE_CHANNELS.list, ['sortBy=nonsense']);
    expect((await live.next(LIVE_CHANNELS.live, (m) => 'err_code' in m)).data).toMatchObject({
      err_code: 'invalidRequest',
      channel: LIVE_CHANNELS.list,
      key: 'sortBy=nonsense',
    });
    // A reboot and the device's return: 1.5 s on a quiet machine, past 15 s when the suite loads both cores.
  }, 45_000);

  test('a subscribed device sends dashboard snapshots, at most one a second', async () => {
    const live = await open();
    const device = edge.devices.list().find((d) => d.online && d.telemetry)!;
    live.subscribe(LIVE_CHANNELS.dashboard, [device.id]);
    const first = await live.next(LIVE_CHANNELS.dashboard);
    expect(first).toMatchObject({
      key: device.id,
      data: {
        snapshot: { deviceId: device.id, online: true, cpu: { cores: expect.any(Number) } },
        point: {
          time: expect.any(Number),
          traffic: { ethernet: { rx: expect.any(Number), tx: expect.any(Number) } },
        },
      },
    });

    const arrivals: number[] = [];
    live.ws.on('message', (data: Buffer) => {
      const { channel } = JSON.parse(data.toString()) as { channel: string };
      if (channel === LIVE_CHANNELS.dashboard) arrivals.push(Date.now());
    });
    await new Promise((r) => setTimeout(r, 4500));
    // The device reports a heartbeat and a telemetry message every second: without coalescing, ~9 messages.
    expect(arrivals.length).toBeGreaterThanOrEqual(2);
    expect(arrivals.length).toBeLessThanOrEqual(5);
    const gaps = arrivals.slice(1).map((t, i) => t - arrivals[i]!);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(600);

    live.unsubscribe(LIVE_CHANNELS.dashboard, [device.id]);
    await new Promise((r) => setTimeout(r, 300));
    const count = arrivals.length;
    await new Promise((r) => setTimeout(r, 2000));
    expect(arrivals.length).toBe(count);
  });

  test('Discovery news for those who may see it; nonsense from the browser gets an error, not a crash', async () => {
    const live = await open();
    live.subscribe(LIVE_CHANNELS.discovery, ['']);
    await live.settled();
    await enrolByHand(mqttUrl(edge), `${prefix}-NEW`, 'pending');
    expect(await live.next(LIVE_CHANNELS.discovery)).toEqual({
      channel: LIVE_CHANNELS.discovery,
      key: '',
      data: { waiting: 1 },
    });

    live.ws.send('not json');
    expect((await live.next(LIVE_CHANNELS.live, (m) => 'err_code' in m)).data).toMatchObject({
      err_code: 'invalidRequest',
    });
    live.ws.send(JSON.stringify({ ping: 7 }));
    expect(await live.next(LIVE_CHANNELS.live, (m) => 'pong' in m && m.pong === 7)).toEqual({
      channel: LIVE_CHANNELS.live,
      key: '',
      data: { pong: 7 },
    });
  });

  test('a removed device leaves the list', async () => {
    const live = await openRows();
    await live.next(LIVE_CHANNELS.devices);
    const device = edge.devices.list().find((d) => d.serial === fleetSerial(prefix, FLEET))!;
    await admin('DELETE', '/api/v1/inventory/delete', { id: device.id });
    const { data: gone } = await live.next(LIVE_CHANNELS.devices, (m) => m.removed.includes(device.id));
    expect(gone.changed.map((r) => r.id)).not.toContain(device.id);
  });
});
