/**
 * The rule of ARCHITECTURE.md that every route declares the permission it needs, proven over the whole
 * route table: no route goes undeclared, and every route guarded by an app permission refuses a user
 * whose role lacks it with 403, writing nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fullPermissionSet, PERMISSION_KEYS, type PermissionSet } from '@edge/protocol';
import { DIALECTS, signIn, startTestConsole, type TestConsole } from '../testing/harness.ts';
import { caller, snapshot, userWithRole, type Caller } from '../testing/accounts.ts';
import type { RouteEntry } from './route-table.ts';

type Method = Parameters<Caller>[0];
const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, '1').replace(/\*/g, 'x');
const viewOnly = (): PermissionSet =>
  Object.fromEntries(PERMISSION_KEYS.map((k) => [k, { control: { enable: true }, isManagement: false }]));

describe.each(DIALECTS)('route permissions (%s)', (dialect) => {
  let edge: TestConsole;
  let admin: Caller;
  let appRoutes: (RouteEntry & { permission: { kind: 'app' } })[];

  beforeAll(async () => {
    edge = await startTestConsole(dialect);
    await edge.app.ready();
    admin = caller(edge, await signIn(edge));
    appRoutes = edge
      .routes()
      .filter((r): r is (typeof appRoutes)[number] => r.permission?.kind === 'app' && r.method !== 'HEAD');
  });
  afterAll(async () => edge?.destroy());

  it('finds a permission declared on every route', () => {
    const routes = edge.routes();
    expect(routes.length).toBeGreaterThan(40);
    const undeclared = routes.filter((r) => !r.permission).map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
  });

  async function expectRefusedEverywhere(who: Caller, routes: RouteEntry[]) {
    const before = await snapshot(edge);
    for (const route of routes) {
      const res = await who(
        route.method as Method,
        concrete(route.url),
        route.method === 'GET' ? undefined : {},
      );
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(res.json().err_code, `${route.method} ${route.url}`).toBe('forbidden');
    }
    expect(await snapshot(edge)).toBe(before);
  }

  it('refuses every app route to a user whose role grants nothing, and changes nothing', async () => {
    const nobody = await userWithRole(edge, admin, {});
    await expectRefusedEverywhere(nobody.call, appRoutes);
  });

  it('refuses every managing route to a user who may only view, and changes nothing', async () => {
    const viewer = await userWithRole(edge, admin, viewOnly());
    await expectRefusedEverywhere(
      viewer.call,
      appRoutes.filter((r) => r.permission.manage),
    );
    for (const route of appRoutes.filter((r) => !r.permission.manage && r.method === 'GET')) {
      expect((await viewer.call('GET', concrete(route.url))).statusCode, route.url).not.toBe(403);
    }
  });

  it('limits a Container account to the Application area, whatever its role grants', async () => {
    const container = await userWithRole(edge, admin, fullPermissionSet(), 'Container');
    await expectRefusedEverywhere(
      container.call,
      appRoutes.filter((r) => r.permission.key !== 'Application'),
    );
    const info = await container.call('GET', '/api/v1/settings/account/getAccountInfo');
    const enabled = (info.json().permissions as { key: string; control: { enable: boolean } }[])
      .filter((n) => n.control.enable)
      .map((n) => n.key);
    expect(enabled).toEqual(['Application']);
    expect(info.json().members).toEqual([]);
  });

  it('asks anonymous callers to sign in on every route that is not public', async () => {
    const routes = edge
      .routes()
      .filter((r) => r.permission && r.permission.kind !== 'public' && r.method !== 'HEAD');
    for (const [i, route] of routes.entries()) {
      // One address per route: there are more routes than the anonymous limit lets one address call a minute.
      const anonymous = caller(edge, undefined, `10.77.${i >> 8}.${i & 255}`);
      const res = await anonymous(
        route.method as Method,
        concrete(route.url),
        route.method === 'GET' ? undefined : {},
      );
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });
});
