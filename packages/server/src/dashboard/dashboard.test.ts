/**
 * The Dashboard over a simulated fleet: the overview counts devices and clients as the devices reported
 * them, lists the top devices by CPU and traffic highest first, gives the console's own load; it arrives
 * live; each user's layout is their own; callers without Dashboard are refused.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DASHBOARD_API, LIVE_CHANNELS, type DashboardOverview } from '@edge/protocol';
import { DIALECTS, type TestConsole } from '../testing/harness.ts';
import { startConsoleWithFleet, uniquePrefix, type Child } from '../testing/devices.ts';
import { caller, userWithRole, type Caller } from '../testing/accounts.ts';
import { openLive } from '../testing/live.ts';
import { fleetOverview } from './overview.ts';

const COUNT = 3;
const grant = { control: { enable: true }, isManagement: false };

describe.each(DIALECTS)('Dashboard (%s)', (dialect) => {
  let edge: TestConsole;
  let fleet: Child;
  let admin: Caller;
  let cookie: string;

  beforeAll(async () => {
    let session;
    ({ edge, session, fleet } = await startConsoleWithFleet(dialect, {
      count: COUNT,
      prefix: uniquePrefix(),
    }));
    admin = caller(edge, session);
    cookie = session.headers(false).cookie!;
  }, 90_000);

  afterAll(async () => {
    await fleet?.stop();
    await edge?.destroy();
  });

  test('the overview counts what the devices reported, tops highest first, and the console load', async () => {
    const res = await admin('GET', `${DASHBOARD_API}/overview`);
    expect(res.statusCode, res.body).toBe(200);
    const overview = res.json<DashboardOverview>();
    // Counted from the registry in one synchronous pass: no report can arrive between the two reads.
    const now = fleetOverview(edge.devices);
    const kinds = edge.devices.list().flatMap((d) => d.telemetry?.clients.map((c) => c.kind) ?? []);
    expect(kinds.length).toBeGreaterThan(0);
    expect(now.clients).toEqual({
      wired: kinds.filter((k) => k === 'wired').length,
      wifi: kinds.filter((k) => k === 'wifi').length,
    });
    expect(overview.topCpu).toHaveLength(COUNT);
    const cpu = overview.topCpu.map((d) => d.value);
    expect(cpu).toEqual([...cpu].sort((a, b) => b - a));
    expect(new Set(overview.topTraffic.map((d) => d.id)).size).toBe(overview.topTraffic.length);
    expect(overview.system.memory.total).toBeGreaterThan(overview.system.memory.used);
    expect(overview.system.disk.total).toBeGreaterThan(0);
    expect(overview.system.cores).toBeGreaterThan(0);
    expect(overview.system.cpuPercent).toBeGreaterThanOrEqual(0);
    expect(overview.system.cpuPercent).toBeLessThanOrEqual(100);
  });

  test('the overview arrives live, first on subscribe', async () => {
    const live = await openLive(edge, { cookie });
    try {
      live.subscribe(LIVE_CHANNELS.overview, ['']);
      const first = await live.next(LIVE_CHANNELS.overview);
      expect(first.data.devices.numOnline).toBe(COUNT);
      const second = await live.next(LIVE_CHANNELS.overview, undefined, 20_000);
      expect(second.data.at).toBeGreaterThan(first.data.at);
    } finally {
      live.close();
    }
  });

  test("each user's layout is their own; callers without Dashboard are refused", async () => {
    expect((await admin('GET', `${DASHBOARD_API}/layout`)).json().widgets).toContain('deviceTiles');
    const saved = await admin('PATCH', `${DASHBOARD_API}/layout`, { widgets: ['topCpu', 'devices'] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await admin('GET', `${DASHBOARD_API}/layout`)).json()).toEqual({
      widgets: ['topCpu', 'devices'],
    });
    const twice = await admin('PATCH', `${DASHBOARD_API}/layout`, { widgets: ['topCpu', 'topCpu'] });
    expect(twice.statusCode).toBe(400);

    const viewer = await userWithRole(edge, admin, { Dashboard: grant });
    expect((await viewer.call('GET', `${DASHBOARD_API}/layout`)).json().widgets).toHaveLength(7);
    const outsider = await userWithRole(edge, admin, { Inventory: grant });
    expect((await outsider.call('GET', `${DASHBOARD_API}/overview`)).statusCode).toBe(403);
  });
});
