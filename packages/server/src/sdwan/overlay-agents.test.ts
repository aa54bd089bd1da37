/**
 * Secure SD-WAN on real agents: three `edge-agent` processes, each in a network namespace of its own
 * (testing/netns-overlay.ts: A, B and the relay R; nothing leaves the machine), enrolled in a test console.
 * The operator, over the HTTP API, makes a tunnel subnet, two sites with their LANs, three nodes (R a
 * relay) and a link A-B that may fall back to R. Then: a ping from A's LAN address reaches B's LAN through
 * WireGuard (wireguard-go, driven by the agents); with the A-B underlay cut the same ping goes through R
 * (its counters grow) and the console shows the link relayed; with R's agent stopped the console shows the
 * link failed. With B made site A's exit node, A's LAN reaches a host of "the internet" (a namespace behind
 * B only) through the tunnel, masqueraded at B; a link's LAN destination rule lets only the named host and port
 * through. The agents' private keys, read from their state directories, appear nowhere in the
 * console's database or its debug log. Packages are installed first when missing (never skipped).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createPrivateKey, createPublicKey } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { SdwanLinkView, SdwanTopology } from '@edge/protocol';
import { waitFor } from '../testing/devices.ts';
import { inNamespace } from '../testing/netns.ts';
import type { Which } from '../testing/netns-overlay.ts';
import {
  lanPing as pingFromLan,
  startOverlayAgents,
  wgPeers as peersOf,
  type OverlayAgents,
} from '../testing/overlay-agents.ts';

const run = promisify(execFile);
const WHICH: Which[] = ['a', 'b', 'r'];

/** The X25519 public key of a WireGuard private key (PKCS#8 wrapping of RFC 8410), worked out here on its own. */
const publicKeyOf = (privateKey: string): string =>
  Buffer.from(
    createPublicKey(
      createPrivateKey({
        key: Buffer.concat([
          Buffer.from('302e020100300506032b656e04220420', 'hex'),
          Buffer.from(privateKey, 'base64'),
        ]),
        format: 'der',
        type: 'pkcs8',
      }),
    ).export({ format: 'jwk' }).x!,
    'base64url',
  ).toString('base64');

let kit: OverlayAgents | undefined;
let net: OverlayAgents['net'] | undefined;
let edge: OverlayAgents['edge'] | undefined;
const ids = { a: '', b: '', r: '' };
let linkId = 0;
const sites = { a: 0, b: 0 };

const api = <T>(method: string, route: string, body?: unknown) => kit!.api<T>(method, route, body);
const ok = (method: string, route: string, body?: unknown) => kit!.ok(method, route, body);
const link = (): Promise<SdwanLinkView> => kit!.link(linkId);
/** Pings B's LAN host from A's LAN address. */
const lanPing = (count = 3, size = 56) => pingFromLan(net!, net!.lan.bHost, count, size);
const wgPeers = (w: Which) => peersOf(net!.namespaces[w]);

/** Bytes the relay's WireGuard received from all its peers. */
const relayRxBytes = (): number => wgPeers('r').reduce((sum, p) => sum + p.rx, 0);

beforeAll(async () => {
  kit = await startOverlayAgents({ which: WHICH });
  ({ net, edge } = kit);
  Object.assign(ids, kit.ids);
}, 150_000);

afterAll(async () => {
  await kit?.stop();
});

describe('Secure SD-WAN between real agents in network namespaces', () => {
  test('the operator links two sites; a LAN-to-LAN ping crosses the WireGuard tunnel', async () => {
    const n = net!;
    await ok('POST', 'subnet/add', { cidr: n.tunnelSubnet });
    const siteA = (await ok('POST', 'site/add', { name: 'Site A', lans: [n.lan.a] })).id;
    const siteB = (await ok('POST', 'site/add', { name: 'Site B', lans: [n.lan.b] })).id;
    await ok('POST', 'node/add', { deviceId: ids.a, siteId: siteA, endpoint: n.publicAddress.a });
    await ok('POST', 'node/add', { deviceId: ids.b, siteId: siteB, endpoint: n.publicAddress.b });
    await ok('POST', 'node/add', { deviceId: ids.r, siteId: null, relay: true, endpoint: n.publicAddress.r });
    // Before the tunnel, nothing routes B's LAN from A.
    expect(await lanPing(1)).toMatch(/100% packet loss|Network is unreachable|unreachable/);
    linkId = (await ok('POST', 'link/add', { siteA, siteB, mode: 'direct', relayId: ids.r })).id;
    Object.assign(sites, { a: siteA, b: siteB });

    // Each node got its tunnel address from the subnet, and only the public keys reached the console.
    const topology = (await api<SdwanTopology>('GET', 'topology')).body;
    const tunnelIps = topology.nodes.map((node) => node.tunnelIp);
    expect(new Set(tunnelIps).size).toBe(3);
    for (const tip of tunnelIps)
      expect(tip!.startsWith(n.tunnelSubnet.split('.').slice(0, 3).join('.'))).toBe(true);

    await waitFor(
      async () => /3 received/.test(await lanPing(3)),
      'a LAN-to-LAN ping through the tunnel',
      // The first handshakes of three wireguard-go processes took over 45 s on a loaded 2-core machine.
      90_000,
    ).catch((err: unknown) => {
      for (const w of WHICH)
        console.log(w, JSON.stringify(wgPeers(w)), inNamespace(n.namespaces[w], ['ip', 'route']));
      console.log(kit!.agents.get('a')!.output.join('\n'));
      throw err;
    });
    // The packets took the WireGuard interface: A's route to B's LAN is the tunnel.
    const route = inNamespace(n.namespaces.a, ['ip', 'route', 'get', n.lan.bHost, 'from', n.lan.aHost]);
    expect(route).toMatch(/dev eo[0-9a-f]{10}/);
    // Direct when A's wireguard-go holds a session with B. On a loaded CI machine the two ends' handshake
    // initiations crossed for over 90 s, each dropping the other's answer; then the agents carry the link
    // through R, as they must for any direct path that carries nothing, and the console shows it relayed.
    const keyOf = (w: Which) => topology.nodes.find((node) => node.deviceId === ids[w])!.publicKey!;
    const peerOfA = (w: Which) => wgPeers('a').find((peer) => peer.publicKey === keyOf(w))!;
    const path = peerOfA('b').handshake > 0 ? 'direct' : 'relay';
    expect(peerOfA(path === 'direct' ? 'b' : 'r').handshake).toBeGreaterThan(0);
    // Shown so, with the latency A's agent measured through the tunnel (veth hops: well under 50 ms).
    await waitFor(
      async () => {
        const shown = await link();
        return shown.path === path && shown.state !== 'fail' && shown.latencyMs !== null;
      },
      `link shown ${path} with a latency`,
      30_000,
    );
    expect((await link()).latencyMs).toBeLessThan(50);
  }, 180_000);

  test("a link's rate limit caps what crosses it (iperf3 from A's LAN to B's LAN)", async () => {
    const n = net!;
    await ok('PATCH', 'link/edit', {
      id: linkId,
      siteA: sites.a,
      siteB: sites.b,
      relayId: ids.r,
      rateLimitMbps: 5,
    });
    const port = String(20_000 + Math.floor(Math.random() * 20_000));
    const server = run('ip', [
      'netns',
      'exec',
      n.namespaces.b,
      'iperf3',
      '-s',
      '-1',
      '-B',
      n.lan.bHost,
      '-p',
      port,
    ]);
    server.catch(() => undefined);
    await new Promise((r) => setTimeout(r, 1000));
    const client = async () => {
      const { stdout } = await run('ip', [
        ...['netns', 'exec', n.namespaces.a, 'iperf3', '-c', n.lan.bHost, '-B', n.lan.aHost],
        ...['-p', port, '-t', '3', '-J'],
      ]);
      return JSON.parse(stdout) as { end: { sum_received: { bits_per_second: number } } };
    };
    const mbps = (await client()).end.sum_received.bits_per_second / 1e6;
    // Unlimited, the tunnel carries hundreds of Mbit/s here (PLATFORM.md); limited to 5, a little over at most.
    expect(mbps).toBeGreaterThan(1);
    expect(mbps).toBeLessThan(7);
    await server;
  }, 60_000);

  test("an exit node: A's LAN reaches the internet through B (masqueraded there), A itself does not", async () => {
    const n = net!;
    const internetPing = async () => {
      const { stdout } = await run('ip', [
        ...['netns', 'exec', n.namespaces.a, 'ping', '-n', '-c', '3', '-i', '0.2', '-W', '2'],
        ...['-I', n.lan.aHost, n.internet.host],
      ]).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }));
      return stdout;
    };
    // The internet hangs off B only: from A's LAN it is out of reach.
    expect(await internetPing()).toMatch(/ 0 received|100% packet loss|unreachable/);
    await ok('PATCH', 'site/edit', { id: sites.a, name: 'Site A', lans: [n.lan.a], exitNodeId: ids.b });
    await waitFor(
      async () => /3 received/.test(await internetPing()),
      "a ping from A's LAN to the internet through B",
      45_000,
    ).catch((err: unknown) => {
      for (const w of ['a', 'b'] as const)
        console.log(
          w,
          inNamespace(n.namespaces[w], ['ip', 'rule']),
          inNamespace(n.namespaces[w], ['ip', 'route', 'show', 'table', 'all']),
        );
      throw err;
    });
    // It took the tunnel at A (the LAN's policy route) and left B under B's own address: the internet host
    // knows no way to A's LAN, so its answers came back only through B's masquerade.
    expect(inNamespace(n.namespaces.a, ['ip', 'route', 'get', n.internet.host, 'from', n.lan.aHost])).toMatch(
      /dev eo[0-9a-f]{10}/,
    );
    expect(inNamespace(n.internet.namespace, ['ip', 'route'])).not.toContain(n.lan.a.split('/')[0]!);
    expect(inNamespace(n.namespaces.b, ['iptables', '-t', 'nat', '-S', 'POSTROUTING'])).toContain(
      `-s ${n.lan.a} ! -o eo`,
    );
    // A's own traffic (not its LAN's) does not take the exit.
    expect(
      await run('ip', [
        'netns',
        'exec',
        n.namespaces.a,
        'ping',
        '-n',
        '-c',
        '1',
        '-W',
        '1',
        n.internet.host,
      ]).then(
        () => 'reached',
        () => 'not reached',
      ),
    ).toBe('not reached');

    // No exit node any more: the internet is out of reach again, and B's masquerade is gone.
    await ok('PATCH', 'site/edit', { id: sites.a, name: 'Site A', lans: [n.lan.a], exitNodeId: null });
    await waitFor(async () => !/ [1-9] received/.test(await internetPing()), 'the exit route gone', 30_000);
    expect(inNamespace(n.namespaces.b, ['iptables', '-t', 'nat', '-S', 'POSTROUTING'])).not.toContain(
      n.lan.a,
    );
  }, 120_000);

  test("LAN destination rules: only the named host and port of B's LAN is reached from A's LAN", async () => {
    const n = net!;
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const linkBody = { id: linkId, siteA: sites.a, siteB: sites.b, relayId: ids.r, rateLimitMbps: 5 };
    await ok('PATCH', 'link/edit', { ...linkBody, rules: [{ ip: n.lan.bHost, port }] });
    // Ping (ICMP, no port) to the named host is held back once the rule is in force on A's device.
    await waitFor(async () => / 0 received/.test(await lanPing(2)), 'ping held back by the rule', 30_000);
    const server = run('ip', [
      ...['netns', 'exec', n.namespaces.b, 'iperf3', '-s', '-1', '-B', n.lan.bHost, '-p', String(port)],
    ]);
    server.catch(() => undefined);
    await new Promise((r) => setTimeout(r, 1000));
    // TCP to the named port goes through (and its answers come back).
    const { stdout } = await run('ip', [
      ...['netns', 'exec', n.namespaces.a, 'iperf3', '-c', n.lan.bHost, '-B', n.lan.aHost],
      ...['-p', String(port), '-t', '1', '-J'],
    ]);
    expect(
      (JSON.parse(stdout) as { end: { sum_received: { bytes: number } } }).end.sum_received.bytes,
    ).toBeGreaterThan(0);
    await server;
    // The filter is A's own: a chain on its tunnel interface naming the host and port.
    expect(inNamespace(n.namespaces.a, ['iptables', '-S'])).toContain(
      `-d ${n.lan.bHost}/32 -p tcp -m tcp --dport ${port} -j ACCEPT`,
    );
    // No rules: everything passes again.
    await ok('PATCH', 'link/edit', { ...linkBody, rules: [] });
    await waitFor(async () => /2 received/.test(await lanPing(2)), 'ping through again', 30_000);
    expect(inNamespace(n.namespaces.a, ['iptables', '-S'])).not.toContain('-lan');
  }, 120_000);

  test('with the A-B underlay cut, traffic goes through the relay and the console shows it relayed', async () => {
    net!.setDirect(false);
    await waitFor(async () => (await link()).path === 'relay', 'link shown relayed', 60_000);
    const before = relayRxBytes();
    // Eight answers in all, over as many rounds of ten as it takes: on a machine busy with other tests the
    // user-space WireGuard of three namespaces and the relay between them drops pings now and then (a CI run
    // got fewer than eight of ten in every round for a minute), which says nothing of the path; a path that
    // does not relay brings none.
    const received = (reply: string) => Number(/(\d+) received/.exec(reply)?.[1] ?? 0);
    let answered = 0;
    await waitFor(
      async () => (answered += received(await lanPing(10, 1000))) >= 8,
      'eight LAN-to-LAN pings answered through the relay',
      90_000,
    );
    // At least eight 1000-byte requests crossed the relay: its counters grew by that.
    expect(relayRxBytes() - before).toBeGreaterThan(8 * 1000);
    expect((await link()).state).not.toBe('fail');
  }, 180_000);

  test('with the relay stopped, the link shows failed and the ping no longer arrives', async () => {
    await kit!.agents.get('r')!.stop();
    await waitFor(async () => (await link()).state === 'fail', 'link shown failed', 60_000);
    expect((await link()).path).toBe('none');
    expect(await lanPing(2)).toMatch(/ 0 received|100% packet loss/);
  }, 120_000);

  test("the agents' private keys are in neither the console's database nor its log", async () => {
    const secrets: string[] = [];
    for (const w of WHICH) {
      const key = fs.readFileSync(path.join(kit!.stateDirs.get(w)!, 'overlay.key'), 'utf8').trim();
      expect(key).toMatch(/^[A-Za-z0-9+/]{43}=$/);
      secrets.push(
        key,
        Buffer.from(key, 'base64').toString('hex'),
        Buffer.from(key, 'base64').toString('base64url'),
      );
    }
    const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(
      edge!.store.db,
    );
    let dump = '';
    for (const { name } of tables.rows) {
      const rows = await sql`select * from ${sql.table(name)}`.execute(edge!.store.db);
      dump += JSON.stringify(rows.rows);
    }
    expect(dump).toContain('sdwan.link.add');
    const log = kit!.logLines.join('');
    // The log did record the SD-WAN traffic it could have leaked into.
    expect(log).toContain('/api/v1/sdwan/');
    for (const secret of secrets) {
      expect(dump).not.toContain(secret);
      expect(log).not.toContain(secret);
    }
    // What the console holds is each device's public key, the one that belongs to its private key.
    const nodes = (await api<SdwanTopology>('GET', 'topology')).body.nodes;
    for (const w of WHICH) {
      const key = fs.readFileSync(path.join(kit!.stateDirs.get(w)!, 'overlay.key'), 'utf8').trim();
      expect(nodes.find((node) => node.deviceId === ids[w])!.publicKey).toBe(publicKeyOf(key));
    }
  });
});
