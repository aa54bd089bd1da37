/**
 * Secure SD-WAN's fallbacks on real agents in network namespaces (testing/overlay-agents.ts): A and B, and
 * the console's host C running the console's own relay (SDWAN_RELAY_ENDPOINT, in C's namespace), each
 * reaching C over a link of its own, as devices reach their console.
 * - Multi-addresses: A's route to B's advertised address is dropped; A tries B's other addresses in turn
 *   and the link comes up on the one that answers (the A-B link's), within a bound, shown on the link.
 * - The console host as relay: with the A-B underlay cut, A and B cannot reach each other; their link
 *   falls back to the console's relay by itself, a LAN-to-LAN ping passes through it (its WireGuard counts
 *   the bytes) and the topology shows the link relayed through the console.
 * - An exit over a relayed link: B is site A's exit node while A reaches B only through the console's
 *   relay; A's LAN reaches "the internet" (behind B only) through C and B, masqueraded at B.
 */
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CONSOLE_NODE_ID } from '@edge/protocol';
import { waitFor } from '../testing/devices.ts';
import { inNamespace } from '../testing/netns.ts';
import { lanPing, startOverlayAgents, wgPeers, type OverlayAgents } from '../testing/overlay-agents.ts';

let kit: OverlayAgents | undefined;
let linkId = 0;
const sites = { a: 0, b: 0 };

beforeAll(async () => {
  kit = await startOverlayAgents({
    which: ['a', 'b'],
    consoleHost: true,
    overrides: (net) => ({
      sdwanRelay: { endpoint: net.consoleHost!.publicAddress, namespace: net.consoleHost!.namespace },
    }),
  });
}, 150_000);

afterAll(async () => {
  await kit?.stop();
});

/** Dumps what the namespaces hold when a wait fails, then fails. */
const explain = (err: unknown): never => {
  const net = kit!.net;
  for (const ns of [net.namespaces.a, net.namespaces.b, net.consoleHost!.namespace])
    console.log(ns, JSON.stringify(wgPeers(ns)), inNamespace(ns, ['ip', 'route']));
  console.log(kit!.agents.get('a')!.output.slice(-20).join('\n'));
  throw err;
};

describe('SD-WAN fallbacks: several addresses, the console host as relay, an exit over a relay', () => {
  test("a node's several addresses: the first is unreachable, the link comes up on the next that answers", async () => {
    const { net, ids, ok, api } = kit!;
    // The console host's relay is a node of its own, with its key and a tunnel address, set on the host only.
    await ok('POST', 'subnet/add', { cidr: net.tunnelSubnet });
    const consoleNode = await waitFor(
      async () =>
        (await kit!.topology()).nodes.find(
          (n) => n.deviceId === CONSOLE_NODE_ID && n.publicKey && n.tunnelIp,
        ),
      "the console relay's key and tunnel address",
      60_000,
    );
    expect(consoleNode).toMatchObject({ relay: true, siteId: null, online: true });
    expect(consoleNode.endpoint).toBe(net.consoleHost!.publicAddress);
    const refused = await api<{ err_message: string }>('DELETE', 'node/delete', {
      deviceId: CONSOLE_NODE_ID,
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);

    sites.a = (await ok('POST', 'site/add', { name: 'Site A', lans: [net.lan.a] })).id;
    sites.b = (await ok('POST', 'site/add', { name: 'Site B', lans: [net.lan.b] })).id;
    await ok('POST', 'node/add', { deviceId: ids.a, siteId: sites.a, endpoint: net.publicAddress.a });
    await ok('POST', 'node/add', { deviceId: ids.b, siteId: sites.b, endpoint: net.publicAddress.b });
    // B reports its addresses; the one on the A-B link is among them.
    const bOnLink = net.publicAddress.b.replace(/\.100\.2$/, '.12.2');
    const b = await waitFor(
      async () =>
        (await kit!.topology()).nodes.find((n) => n.deviceId === ids.b && n.addresses.includes(bOnLink)),
      "B's addresses reported",
      30_000,
    );
    expect(b.addresses.length).toBeGreaterThan(1);
    // A can no longer reach B's advertised address. Its route there is dropped, and since WireGuard answers
    // out of the interface a handshake came in by (which the kernel then takes as on-link, route or none),
    // what A sends there is dropped too.
    execFileSync('ip', ['-n', net.namespaces.a, 'route', 'del', net.publicAddress.b]);
    execFileSync('ip', [
      ...['netns', 'exec', net.namespaces.a, 'iptables', '-w', '-I', 'OUTPUT'],
      ...['-d', net.publicAddress.b, '-p', 'udp', '-j', 'DROP'],
    ]);

    const started = Date.now();
    linkId = (await ok('POST', 'link/add', { siteA: sites.a, siteB: sites.b, relayId: CONSOLE_NODE_ID })).id;
    // Each address has 8 s before the next: B's handful come round well within 90 s, even under load.
    const shown = await waitFor(
      async () => {
        const l = await kit!.link(linkId);
        return (
          l.path === 'direct' &&
          l.endpoint === `${bOnLink}:51820` &&
          /3 received/.test(await lanPing(net, net.lan.bHost)) &&
          l
        );
      },
      "the link direct on B's next address",
      90_000,
    ).catch(explain);
    console.log(`link up on B's address ${shown.endpoint} after ${Date.now() - started} ms`);
    expect(Date.now() - started).toBeLessThan(90_000);
    // A's WireGuard sends to B on that address.
    const bKey = (await kit!.topology()).nodes.find((n) => n.deviceId === ids.b)!.publicKey!;
    expect(wgPeers(net.namespaces.a).find((p) => p.publicKey === bKey)!.endpoint).toBe(`${bOnLink}:51820`);
  }, 240_000);

  test('with the A-B underlay cut, the link relays through the console host and the map shows it relayed', async () => {
    const { net } = kit!;
    net.setDirect(false);
    const relayNs = net.consoleHost!.namespace;
    await waitFor(async () => (await kit!.link(linkId)).path === 'relay', 'link shown relayed', 90_000).catch(
      explain,
    );
    const rx = () => wgPeers(relayNs).reduce((sum, p) => sum + p.rx, 0);
    const before = rx();
    await waitFor(
      async () => /10 received/.test(await lanPing(net, net.lan.bHost, 10, 1000)),
      'a LAN-to-LAN ping through the console relay',
      60_000,
    ).catch(explain);
    expect(rx() - before).toBeGreaterThan(10 * 1000);
    const shown = await kit!.link(linkId);
    expect(shown).toMatchObject({ relayId: CONSOLE_NODE_ID, path: 'relay' });
    expect(shown.state).not.toBe('fail');
    // A's path goes to the console host's address.
    expect(shown.endpoint).toMatch(new RegExp(`^10\\.\\d+\\.15\\.2:|^${net.consoleHost!.publicAddress}:`));
  }, 180_000);

  test("an exit reached over the relayed link: A's LAN reaches the internet through the console relay and B", async () => {
    const { net, ids, ok } = kit!;
    const internetPing = () => lanPing(net, net.internet.host);
    expect(await internetPing()).toMatch(/ 0 received|100% packet loss|unreachable/);
    await ok('PATCH', 'site/edit', { id: sites.a, name: 'Site A', lans: [net.lan.a], exitNodeId: ids.b });
    await waitFor(
      async () => /3 received/.test(await internetPing()),
      "a ping from A's LAN to the internet through the relay and B",
      90_000,
    ).catch(explain);
    // Still relayed: the A-B underlay is cut, so the packets went A -> C -> B -> the internet.
    expect((await kit!.link(linkId)).path).toBe('relay');
    // The relay sends what comes from A's LAN on towards the exit; B masquerades it.
    expect(inNamespace(net.consoleHost!.namespace, ['ip', 'rule'])).toContain(
      `from ${net.lan.a} lookup 51820`,
    );
    expect(inNamespace(net.namespaces.b, ['iptables', '-t', 'nat', '-S', 'POSTROUTING'])).toContain(
      `-s ${net.lan.a} ! -o eo`,
    );
    expect(inNamespace(net.internet.namespace, ['ip', 'route'])).not.toContain(net.lan.a.split('/')[0]!);
  }, 180_000);
});
