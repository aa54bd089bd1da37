/**
 * The SD-WAN API against a simulated fleet, on SQLite and on PostgreSQL: bad input at and beyond the
 * rules answers 4xx with the SPEC's words and writes nothing; a link between overlapping LANs is refused,
 * naming them; a change reaches only the nodes it concerns; the simulated overlay turns a link active, and
 * a cut uplink (fleet control `cut`) fails it until the cut ends; secure mode (SPEC 4) gates the overlay:
 * a device in 'Jump to Device Only' cannot join, and a node switched to it is turned off and dropped from
 * its peers until its mode allows the overlay again; a device without secure mode ('Unsupported') may join.
 * A link shows the underlay address its path uses; the console host's relay row is kept on both stores.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CONSOLE_NODE_ID, SDWAN_PATH, fleetSerial, messages, type SdwanTopology } from '@edge/protocol';
import { startConsoleWithFleet, uniquePrefix, waitFor, type Child } from '../testing/devices.ts';
import { DIALECTS, type TestConsole, type signIn } from '../testing/harness.ts';
import { sdwanStore } from './store.ts';

/** Four devices whose model runs only modes that allow the overlay, one with all three modes, one without secure mode. */
const MODELS = [...Array<string>(4).fill('RUTM50 5G Gateway'), 'ER-7206 Gigabit Router', 'ER-605 Router'];

describe.each(DIALECTS)('SD-WAN API (%s)', (dialect) => {
  let edge: TestConsole;
  let session: Awaited<ReturnType<typeof signIn>>;
  let fleet: Child;
  const prefix = uniquePrefix();
  const ids: string[] = [];

  async function call(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    route: string,
    payload?: object,
    base = SDWAN_PATH,
  ) {
    const res = await edge.app.inject({
      method,
      url: `${base}/${route}`,
      headers: session.headers(method !== 'GET'),
      ...(payload ? { payload } : {}),
    });
    return {
      status: res.statusCode,
      body: res.json() as { message: string; id: number; err_message: string; err_code?: string },
    };
  }
  const topology = async () =>
    (
      await edge.app.inject({ method: 'GET', url: `${SDWAN_PATH}/topology`, headers: session.headers(false) })
    ).json() as SdwanTopology;

  beforeAll(async () => {
    ({ edge, session, fleet } = await startConsoleWithFleet(dialect, {
      count: MODELS.length,
      prefix,
      control: true,
      models: MODELS,
    }));
    for (let i = 1; i <= MODELS.length; i++)
      ids.push(edge.devices.list().find((d) => d.serial === fleetSerial(prefix, i))!.id);
  }, 120_000);

  afterAll(async () => {
    await fleet?.stop();
    await edge?.destroy();
  });

  test('bad subnets, LANs, ports, rate limits and endpoints: 4xx in the SPEC words, nothing written', async () => {
    const before = JSON.stringify(await topology());
    const refused: [string, object, string][] = [
      ['subnet/add', { cidr: '100.64.0.1/24' }, messages.sdwanCidrInvalid],
      ['subnet/add', { cidr: '100.64.0.0/31' }, messages.sdwanSubnetTooSmall],
      ['subnet/add', { cidr: '100.64.0.0/24', rangeStart: '100.64.0.0' }, messages.sdwanRangeInvalid],
      ['subnet/add', { cidr: '100.64.0.0/24', rangeEnd: '100.64.1.5' }, messages.sdwanRangeInvalid],
      ['site/add', { name: '', lans: [] }, messages.sdwanSiteNameEmpty],
      ['site/add', { name: 'x'.repeat(65), lans: [] }, messages.sdwanSiteNameLength],
      ['site/add', { name: 'S', lans: ['192.168.1.0/33'] }, messages.sdwanCidrInvalid],
      [
        'site/add',
        { name: 'S', lans: ['192.168.1.0/24', '192.168.1.128/25'] },
        messages.sdwanLansOverlapEachOther,
      ],
      ['node/add', { deviceId: ids[0], listenPort: 0 }, messages.sdwanPortRange],
      ['node/add', { deviceId: ids[0], listenPort: 65536 }, messages.sdwanPortRange],
      ['node/add', { deviceId: ids[0], endpoint: '300.1.1.1' }, messages.sdwanEndpointInvalid],
      ['node/add', { deviceId: ids[0], endpoint: '10.0.0.1:70000' }, messages.sdwanEndpointInvalid],
      ['link/add', { siteA: 1, siteB: 2, rateLimitMbps: 0 }, messages.sdwanRateLimitRange],
      ['link/add', { siteA: 1, siteB: 2, rateLimitMbps: 10_001 }, messages.sdwanRateLimitRange],
      ['link/add', { siteA: 1, siteB: 2, rules: [{ ip: '10.1.1', port: 80 }] }, messages.sdwanRuleIpInvalid],
      [
        'link/add',
        { siteA: 1, siteB: 2, rules: [{ ip: '10.1.1.1', port: 65536 }] },
        messages.sdwanRulePortRange,
      ],
    ];
    for (const [route, payload, words] of refused) {
      const res = await call('POST', route, payload);
      expect([route, res.status, res.body.err_message]).toEqual([route, 400, words]);
    }
    // At the rules' edges: accepted.
    expect(
      (
        await call('POST', 'subnet/add', {
          cidr: '100.64.0.0/16',
          rangeStart: '100.64.0.1',
          rangeEnd: '100.64.255.254',
        })
      ).status,
    ).toBe(200);
    const edgeName = await call('POST', 'site/add', { name: 'x'.repeat(64), lans: [] });
    expect(edgeName.status).toBe(200);
    expect((await call('DELETE', 'site/delete', { id: edgeName.body.id })).body.message).toBe(
      'Site deleted successfully.',
    );
    const after = await topology();
    expect(after.sites).toEqual([]);
    expect(after.subnets).toHaveLength(1);
    expect(before).toContain('"sites":[]');
    // A tunnel subnet overlapping another, or a LAN overlapping a tunnel subnet, is refused too.
    expect((await call('POST', 'subnet/add', { cidr: '100.64.7.0/24' })).status).toBe(400);
    expect(
      (await call('POST', 'site/add', { name: 'T', lans: ['100.64.1.0/24'] })).body.err_message,
    ).toContain(messages.sdwanLanOverlapsTunnel);
    expect((await topology()).sites).toEqual([]);
  });

  test('sites, nodes, links: SPEC messages; overlapping LANs refused; a change reaches only its nodes', async () => {
    const site = async (name: string, lans: string[]) => {
      const res = await call('POST', 'site/add', { name, lans });
      expect(res.body.message).toBe('Site added successfully.');
      return res.body.id;
    };
    const s1 = await site('HQ', ['192.168.10.0/24']);
    const s2 = await site('Branch 1', ['192.168.20.0/24']);
    const s3 = await site('Branch 2', ['192.168.30.0/24']);
    const s4 = await site('Clash', ['192.168.10.128/25']);
    for (const [i, s] of [s1, s2, s3, s4].entries())
      expect((await call('POST', 'node/add', { deviceId: ids[i], siteId: s })).body.message).toBe(
        'Node added successfully.',
      );
    const clash = await call('POST', 'link/add', { siteA: s1, siteB: s4 });
    expect(clash.status).toBe(400);
    expect(clash.body.err_message).toContain(messages.sdwanLansOverlap);
    expect(clash.body.err_message).toContain('192.168.10.0/24');
    expect(clash.body.err_message).toContain('192.168.10.128/25');
    expect((await topology()).links).toEqual([]);

    const l12 = await call('POST', 'link/add', { siteA: s1, siteB: s2, rateLimitMbps: 100 });
    expect(l12.body.message).toBe('Link added successfully.');
    const hashes = async () =>
      new Map(
        (
          await edge.store.db
            .selectFrom('sdwan_nodes')
            .select(['device_id', 'config_hash', 'applied_hash'])
            .execute()
        ).map((r) => [r.device_id, r]),
      );
    // Every node confirmed what it was sent.
    await waitFor(
      async () =>
        [...(await hashes()).values()].every((r) => r.config_hash && r.config_hash === r.applied_hash),
      'nodes in sync',
      30_000,
    );
    const before = await hashes();
    expect((await call('POST', 'link/add', { siteA: s2, siteB: s3 })).status).toBe(200);
    const after = await hashes();
    const touched = ids
      .slice(0, 4)
      .filter((id) => before.get(id)!.config_hash !== after.get(id)!.config_hash);
    expect(touched.sort()).toEqual([ids[1], ids[2]].sort());
    // Neighbours: whom each node peers with now (Branch 1 both ways, the others one each, Clash none);
    // multi-addresses: what each device reported of its own.
    const shown = new Map((await topology()).nodes.map((n) => [n.deviceId, n]));
    expect(shown.get(ids[1]!)!.neighbours).toEqual([ids[0], ids[2]].sort());
    expect(shown.get(ids[0]!)!.neighbours).toEqual([ids[1]]);
    expect(shown.get(ids[3]!)!.neighbours).toEqual([]);
    expect(shown.get(ids[0]!)!.addresses.length).toBeGreaterThan(1);
    // An edit of the site's name changes no node's configuration.
    expect(
      (await call('PATCH', 'site/edit', { id: s1, name: 'Head office', lans: ['192.168.10.0/24'] })).body
        .message,
    ).toBe('Site edited successfully.');
    expect([...(await hashes())].map(([id, r]) => [id, r.config_hash])).toEqual(
      [...after].map(([id, r]) => [id, r.config_hash]),
    );
    // Editing a site so that its LANs overlap a linked site's is refused as well.
    const overlapEdit = await call('PATCH', 'site/edit', {
      id: s2,
      name: 'Branch 1',
      lans: ['192.168.30.0/25'],
    });
    expect(overlapEdit.body.err_message).toContain(messages.sdwanLansOverlap);
    expect(
      (await call('PATCH', 'node/edit', { deviceId: ids[3], siteId: s4, listenPort: 51821 })).body.message,
    ).toBe('Node edited successfully.');
  });

  test('simulated devices make the link active with a latency; a cut uplink fails it until it heals', async () => {
    const link = async () => (await topology()).links[0]!;
    await waitFor(async () => (await link()).state === 'active', 'link active', 30_000);
    const active = await link();
    expect(active.path).toBe('direct');
    expect(active.latencyMs).toBeGreaterThan(0);
    expect(active.throughputBps).toBeGreaterThan(0);
    // The address the path uses, as an end reports it: one of the far end's (multi-addresses).
    const far = (await topology()).nodes.find((n) => n.siteId === active.siteB)!;
    expect(active.endpoint).toMatch(/:\d+$/);
    const candidates = [far.endpoint, ...far.addresses].filter(Boolean);
    expect(candidates.map((a) => (a.includes(':') ? a : `${a}:${far.listenPort}`))).toContain(
      active.endpoint,
    );
    fleet.process.stdin!.write(`cut ${fleetSerial(prefix, 2)} 8000\n`);
    await waitFor(async () => (await link()).state === 'fail', 'link failed', 20_000);
    await waitFor(async () => (await link()).state === 'active', 'link back', 30_000);
  });

  test("secure mode: 'Jump to Device Only' keeps the overlay out; a node switched to it is turned off until allowed", async () => {
    const [switching, unsupported] = [ids[4]!, ids[5]!];
    const secureMode = async (id: string, mode: string) => {
      const res = await call('PATCH', 'secureMode/setting', { id, secureMode: mode }, '/api/v1/inventory');
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      await waitFor(() => edge.devices.get(id)?.secureMode === mode, `secure mode ${mode}`, 20_000);
    };
    const hq = (await topology()).sites.find((s) => s.name === 'Head office')!.id;
    const site = await call('POST', 'site/add', { name: 'Gated', lans: ['192.168.50.0/24'] });
    // A device in a mode that keeps the overlay out cannot join, with the reason; nothing is written.
    await secureMode(switching, 'Jump to Device Only');
    const refused = await call('POST', 'node/add', { deviceId: switching, siteId: site.body.id });
    expect(refused.status).toBe(409);
    expect(refused.body.err_message).toContain(messages.sdwanSecureModeRefuses);
    expect(refused.body.err_message).toContain('Jump to Device Only');
    expect((await topology()).nodes.map((n) => n.deviceId)).not.toContain(switching);
    // No secure link, no mode to keep it out.
    expect(edge.devices.get(unsupported)!.secureMode).toBe('Unsupported');
    expect((await call('POST', 'node/add', { deviceId: unsupported, siteId: null })).status).toBe(200);

    await secureMode(switching, 'OrpheLink Only');
    expect((await call('POST', 'node/add', { deviceId: switching, siteId: site.body.id })).status).toBe(200);
    expect((await call('POST', 'link/add', { siteA: hq, siteB: site.body.id })).status).toBe(200);
    const row = async (id: string) =>
      (await edge.store.db
        .selectFrom('sdwan_nodes')
        .select(['config_hash', 'applied_hash'])
        .where('device_id', '=', id)
        .executeTakeFirstOrThrow())!;
    const peersOf = async (id: string) => (await edge.sdwan.planModel()).nodes.some((n) => n.deviceId === id);
    await waitFor(
      async () => {
        const r = await row(switching);
        return r.config_hash !== null && r.config_hash !== 'off' && r.config_hash === r.applied_hash;
      },
      'the new node configured',
      30_000,
    );
    const hqBefore = (await row(ids[0]!)).config_hash;

    // Switched to 'Jump to Device Only': turned off on the device, its peer told without it, shown so.
    await secureMode(switching, 'Jump to Device Only');
    await waitFor(
      async () => {
        const r = await row(switching);
        return r.config_hash === 'off' && r.applied_hash === 'off';
      },
      'the node turned off',
      20_000,
    ).catch(async (err: unknown) => {
      console.log(await row(switching), await peersOf(switching), edge.devices.get(switching)?.secureMode);
      throw err;
    });
    expect(await peersOf(switching)).toBe(false);
    expect((await row(ids[0]!)).config_hash).not.toBe(hqBefore);
    const shown = (await topology()).nodes.find((n) => n.deviceId === switching)!;
    expect(shown.overlayAllowed).toBe(false);

    // Allowed again: configured again, and HQ peers with it as before.
    await secureMode(switching, 'Unlimited');
    await waitFor(
      async () => {
        const r = await row(switching);
        return r.config_hash !== 'off' && r.config_hash === r.applied_hash;
      },
      'the node back on',
      20_000,
    );
    expect((await row(ids[0]!)).config_hash).toBe(hqBefore);
    expect((await topology()).nodes.find((n) => n.deviceId === switching)!.overlayAllowed).toBe(true);
  });

  test("the console host's relay row: kept as configured, a tunnel address once there is one, a relay of no site", async () => {
    const rows = sdwanStore(edge.store.db);
    const given: string[] = [];
    await rows.ensureConsoleRelay('203.0.113.1', 51821, () => null);
    await rows.ensureConsoleRelay('203.0.113.2', 51822, () => (given.push('100.127.255.1'), '100.127.255.1'));
    await rows.identity(CONSOLE_NODE_ID, { publicKey: 'k', addresses: ['198.51.100.1', '203.0.113.2'] });
    await rows.setHashes(new Map([[CONSOLE_NODE_ID, 'h']]));
    const relay = (await rows.nodes()).find((n) => n.deviceId === CONSOLE_NODE_ID)!;
    expect(relay).toMatchObject({ relay: true, siteId: null, tunnelIp: '100.127.255.1', listenPort: 51822 });
    // Where peers reach it, in order: the configured address, then those it reports, each with its port.
    expect(relay.endpoints).toEqual(['203.0.113.2:51822', '198.51.100.1:51822']);
    expect(relay.configHash).toBe('h');
    await rows.ensureConsoleRelay('203.0.113.2', 51822, () => (given.push('again'), 'again'));
    expect(given).toEqual(['100.127.255.1']);
    // This console runs no relay, yet plans with it as the replica that does: no two plans for one store.
    const shown = (await topology()).nodes.find((n) => n.deviceId === CONSOLE_NODE_ID)!;
    expect(shown).toMatchObject({
      relay: true,
      overlayAllowed: true,
      online: false,
      tunnelIp: '100.127.255.1',
    });
    // Set on the host only: not edited or deleted through the API.
    expect((await call('DELETE', 'node/delete', { deviceId: CONSOLE_NODE_ID })).body.err_message).toBe(
      messages.sdwanConsoleRelayFixed,
    );
    await edge.store.db.deleteFrom('sdwan_console_relay').execute();
  });
});
