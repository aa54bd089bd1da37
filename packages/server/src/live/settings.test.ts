/**
 * Section state pushed over the live WebSocket, on SQLite and PostgreSQL, with simulated devices: a browser
 * subscribed to a device's settings sees an apply go pending -> applying -> in_sync, and a WAN change that
 * cuts the device off go awaiting_confirm -> rolled_back, without reading anything; a caller who lacks what
 * GET settings/state needs gets nothing.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  SETTINGS_API_ROOT,
  SETTINGS_STATE_PATH,
  deviceCapabilities,
  fleetSerial,
  permissionTree,
  LIVE_CHANNELS,
  type SectionKey,
  type SectionState,
  type SectionStateView,
} from '@edge/protocol';
import { DIALECTS, signIn, type TestConsole } from '../testing/harness.ts';
import { caller, userWithRole, type Caller } from '../testing/accounts.ts';
import { consoleUrl, startFleet, startListeningConsole, waitFor, type Child } from '../testing/devices.ts';
import { openLive, type LiveClient } from '../testing/live.ts';

/** Fixed serials, so the models are too (the simulator derives them from the serial): one is wired. */
const PREFIX = 'LIVECFG';
const FLEET = 3;
/** Short, so a device cut off by a change rolls back within a test's patience. */
const CONFIRM_TIMEOUT_MS = 3000;
const at = (route: string) => `${SETTINGS_API_ROOT}/${route}`;

/** The states of one section a browser was told of, in order, up to the first that `done` accepts. */
async function statesUntil(
  live: LiveClient,
  deviceId: string,
  section: SectionKey,
  done: (view: SectionStateView) => boolean,
  timeoutMs = 20_000,
): Promise<{ states: SectionState[]; last: SectionStateView }> {
  const states: SectionState[] = [];
  const last = await live.next(
    LIVE_CHANNELS.settings,
    (view, key) => {
      if (key !== deviceId || view.section !== section) return false;
      if (states.at(-1) !== view.state) states.push(view.state);
      return done(view);
    },
    timeoutMs,
  );
  return { states, last: last.data };
}

describe.each(DIALECTS)('live section state (%s)', (dialect) => {
  let edge: TestConsole;
  let admin: Caller;
  let cookie: string;
  let fleet: Child | undefined;
  const clients: LiveClient[] = [];
  const open = async (headers: Record<string, string> = { cookie }) => {
    const client = await openLive(edge, headers);
    clients.push(client);
    return client;
  };
  /** Subscribes to a device's settings; the pong says the subscription is in place (messages run in order). */
  const watchSettings = async (live: LiveClient, deviceId: string) => {
    live.subscribe(LIVE_CHANNELS.settings, [deviceId]);
    await live.settled();
  };
  const wired = () => edge.devices.list().find((d) => !d.capabilities.includes(deviceCapabilities.cellular))!;
  const cellular = () =>
    edge.devices.list().find((d) => d.capabilities.includes(deviceCapabilities.cellular))!;

  beforeAll(async () => {
    edge = await startListeningConsole(dialect, { configConfirmTimeoutMs: CONFIRM_TIMEOUT_MS });
    const session = await signIn(edge);
    cookie = session.cookie;
    admin = caller(edge, session);
    await edge.enrolment.provisionSerials(
      Array.from({ length: FLEET }, (_, n) => fleetSerial(PREFIX, n + 1)),
    );
    fleet = startFleet({ console: consoleUrl(edge), count: FLEET, prefix: PREFIX, interval: 1 });
    await waitFor(() => edge.devices.counts().numOnline === FLEET, 'the fleet online', 40_000);
    for (const device of edge.devices.list())
      await waitFor(
        async () => {
          const { sections } = (await admin('GET', `${SETTINGS_STATE_PATH}?id=${device.id}`)).json();
          return (sections as SectionStateView[]).every((s) => s.reportedVersion !== null);
        },
        `the sections of ${device.serial}`,
        20_000,
      );
    expect(wired()).toBeDefined();
    expect(cellular()).toBeDefined();
  });

  afterAll(async () => {
    for (const client of clients) client.close();
    await fleet?.stop();
    await edge?.destroy();
  });

  test('an apply reaches the subscribed browser step by step: pending, applying, in sync', async () => {
    const live = await open();
    const id = cellular().id;
    await watchSettings(live, id);

    const res = await admin('PATCH', at('generalSetting/setting'), { id, deviceName: 'Pushed' });
    expect(res.statusCode, res.body).toBe(200);
    const { states, last } = await statesUntil(live, id, 'general', (v) => v.state === 'in_sync');
    expect(states).toEqual(['pending', 'applying', 'in_sync']);
    expect(last).toMatchObject({
      outcome: 'applied',
      desiredVersion: 1,
      reportedVersion: 1,
      desired: { deviceName: 'Pushed' },
      reported: { deviceName: 'Pushed' },
      drift: [],
    });
    // Only the section that changed, only for the device watched.
    expect(
      live.messages.filter(
        (m) =>
          m.channel === LIVE_CHANNELS.settings &&
          (m.key !== id || (m.data as SectionStateView).section !== 'general'),
      ),
    ).toEqual([]);
  });

  test('drift made on the device appears, pushed', async () => {
    const live = await open();
    const id = cellular().id;
    await watchSettings(live, id);
    await edge.rpc.call(id, 'debug.setLocal', {
      section: 'general',
      doc: { deviceName: 'Renamed on site', remoteHelp: false },
    });
    const { last } = await statesUntil(live, id, 'general', (v) => v.drift.length > 0);
    expect(last.drift).toEqual([{ path: 'deviceName', desired: 'Pushed', reported: 'Renamed on site' }]);
  });

  test('a WAN change that cuts the device off is pushed as awaiting confirmation, then rolled back', async () => {
    const live = await open();
    const id = wired().id;
    await watchSettings(live, id);

    // 192.0.2.0/24 is outside the simulated provider network: the device can no longer reach us.
    const res = await admin('PATCH', at('multipleWan/setting'), {
      id,
      iface: 'eth0',
      mode: 'static',
      ip: '192.0.2.10',
      mask: '255.255.255.0',
      gateway: '192.0.2.1',
      dns_mode: 'manual',
      dns_server_1: '1.1.1.1',
      dns_server_2: '8.8.8.8',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { states, last } = await statesUntil(live, id, 'wan', (v) => v.state === 'rolled_back', 40_000);
    expect(states).toContain('awaiting_confirm');
    expect(states.indexOf('awaiting_confirm')).toBeLessThan(states.indexOf('rolled_back'));
    expect(last).toMatchObject({
      outcome: 'rolled_back',
      lastErrorCode: 'configRolledBack',
      confirmBy: null,
    });
  });

  test('a caller without the permission of GET settings/state gets nothing', async () => {
    // No Inventory view at all: the socket opens (every user's notification list is live), the channel not.
    const nobody = await userWithRole(edge, admin, {
      Provision: { control: { enable: true }, isManagement: true },
    });
    const theirs = await open({ cookie: nobody.session.cookie });
    theirs.subscribe(LIVE_CHANNELS.settings, [cellular().id]);
    expect((await theirs.next(LIVE_CHANNELS.live)).data).toMatchObject({ err_code: 'forbidden' });

    // Inventory view when the socket opened, taken away before subscribing: refused on subscribe.
    const viewer = await userWithRole(edge, admin, {
      Inventory: { control: { enable: true }, isManagement: false },
    });
    const live = await open({ cookie: viewer.session.cookie });
    const revoked = await admin('PATCH', '/api/v1/settings/permission/roles', {
      id: viewer.roleId,
      permissions: permissionTree({ Provision: { control: { enable: true }, isManagement: false } }),
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    const id = cellular().id;
    live.subscribe(LIVE_CHANNELS.settings, [id]);
    expect((await live.next(LIVE_CHANNELS.live)).data).toMatchObject({ err_code: 'forbidden' });

    // An apply the administrator's browser sees in full reaches the refused one not at all.
    const watcher = await open();
    await watchSettings(watcher, id);
    await admin('PATCH', at('generalSetting/setting'), { id, deviceName: 'Not for everyone' });
    await statesUntil(watcher, id, 'general', (v) => v.state === 'in_sync' && v.desiredVersion === 2);
    expect(live.messages.filter((m) => m.channel === LIVE_CHANNELS.settings)).toEqual([]);
    expect(theirs.messages.filter((m) => m.channel === LIVE_CHANNELS.settings)).toEqual([]);
  });
});
