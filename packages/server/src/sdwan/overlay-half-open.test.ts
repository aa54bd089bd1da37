/**
 * A direct path on which handshakes never complete, on real agents in network namespaces
 * (testing/overlay-agents.ts): A's and B's handshake initiations reach each other, their answers do not (as
 * when both ends' initiations keep crossing on a loaded machine, or on a one-way path). Bytes still arrive
 * from the peer, initiations only; the agents must not take them for a live path. Their link falls back to
 * the relay R by itself, a LAN-to-LAN ping passes through it and the console shows the link relayed.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { waitFor } from '../testing/devices.ts';
import { inNamespace } from '../testing/netns.ts';
import { lanPing, startOverlayAgents, wgPeers, type OverlayAgents } from '../testing/overlay-agents.ts';

/** A WireGuard handshake response in an IPv4 UDP packet: 92 bytes, 28 of headers. */
const RESPONSE_PACKET_BYTES = 120;

let kit: OverlayAgents | undefined;

beforeAll(async () => {
  kit = await startOverlayAgents({ which: ['a', 'b', 'r'] });
}, 150_000);

afterAll(async () => {
  await kit?.stop();
});

test('handshakes that never complete on the direct path: the link goes through the relay', async () => {
  const { net, ids, ok } = kit!;
  for (const [at, from] of [
    ['a', 'b'],
    ['b', 'a'],
  ] as const)
    inNamespace(net.namespaces[at], [
      ...['iptables', '-w', '-A', 'INPUT', '-s', net.publicAddress[from], '-p', 'udp'],
      ...['-m', 'length', '--length', String(RESPONSE_PACKET_BYTES), '-j', 'DROP'],
    ]);
  await ok('POST', 'subnet/add', { cidr: net.tunnelSubnet });
  const siteA = (await ok('POST', 'site/add', { name: 'Site A', lans: [net.lan.a] })).id;
  const siteB = (await ok('POST', 'site/add', { name: 'Site B', lans: [net.lan.b] })).id;
  await ok('POST', 'node/add', { deviceId: ids.a, siteId: siteA, endpoint: net.publicAddress.a });
  await ok('POST', 'node/add', { deviceId: ids.b, siteId: siteB, endpoint: net.publicAddress.b });
  await ok('POST', 'node/add', { deviceId: ids.r, siteId: null, relay: true, endpoint: net.publicAddress.r });
  const linkId = (await ok('POST', 'link/add', { siteA, siteB, mode: 'direct', relayId: ids.r })).id;

  await waitFor(
    async () => /[1-9] received/.test(await lanPing(net, net.lan.bHost, 3)),
    'a LAN-to-LAN ping through the relay',
    90_000,
  ).catch((err: unknown) => {
    for (const w of ['a', 'b', 'r'] as const) console.log(w, JSON.stringify(wgPeers(net.namespaces[w])));
    throw err;
  });
  await waitFor(async () => (await kit!.link(linkId)).path === 'relay', 'link shown relayed', 30_000);
  // Initiations crossed the direct path all along, and no session came of them.
  const topology = await kit!.topology();
  const keyOf = (id: string) => topology.nodes.find((node) => node.deviceId === id)!.publicKey!;
  const bFromA = wgPeers(net.namespaces.a).find((peer) => peer.publicKey === keyOf(ids.b))!;
  expect(bFromA.rx).toBeGreaterThan(0);
  expect(bFromA.handshake).toBe(0);
  expect(
    wgPeers(net.namespaces.a).find((peer) => peer.publicKey === keyOf(ids.r))!.handshake,
  ).toBeGreaterThan(0);
}, 240_000);
