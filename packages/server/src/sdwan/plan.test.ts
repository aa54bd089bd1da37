/** The control plane's computation: what each node is told, and that a change reaches only the nodes it concerns. */
import { describe, expect, test } from 'vitest';
import { computeConfigs, changedConfigs, configHash } from './plan.ts';
import { fullMesh, hubAndSpoke, link, network, node, publicKey, withSite } from './fixtures.ts';

const hashes = (configs: ReturnType<typeof computeConfigs>) =>
  new Map([...configs].map(([id, c]) => [id, configHash(c)]));

describe('SD-WAN plan', () => {
  test('each node gets only its own peers, with the other site LANs as allowed IPs', () => {
    const model = network(3, () => [[1, 2]]);
    const configs = computeConfigs(model);
    const [a, b, c] = model.nodes;
    expect(configs.get('d1')!.peers.map((p) => p.name)).toEqual(['d2']);
    expect(configs.get('d1')!.peers[0]!.allowedIps.sort()).toEqual(
      [`${b!.tunnelIp}/32`, '10.0.2.0/24'].sort(),
    );
    expect(configs.get('d2')!.peers[0]!.allowedIps).toContain('10.0.1.0/24');
    expect(configs.get('d3')!.peers).toEqual([]);
    // Nobody is told another node's peers: d3's key appears in no configuration but its own.
    expect(JSON.stringify([configs.get('d1'), configs.get('d2')])).not.toContain(c!.publicKey);
    expect(configs.get('d1')!.address).toBe(`${a!.tunnelIp}/32`);
  });

  test('a link through a relay: both ends know the relay as fallback, the relay routes both ends', () => {
    const model = network(2, () => []);
    const relay = node('r', null, '100.64.9.9', publicKey());
    const m = { ...model, nodes: [...model.nodes, relay], links: [link(1, 1, 2, { relayId: 'r' })] };
    const configs = computeConfigs(m);
    const a = configs.get('d1')!;
    expect(a.peers.find((p) => p.name === 'd2')).toMatchObject({ relay: relay.publicKey, relayOnly: false });
    expect(a.peers.find((p) => p.name === 'r')!.allowedIps).toEqual(['100.64.9.9/32']);
    const r = configs.get('r')!;
    expect(r.forward).toBe(true);
    expect(r.peers.map((p) => p.name).sort()).toEqual(['d1', 'd2']);
    expect(r.peers.find((p) => p.name === 'd2')!.allowedIps).toContain('10.0.2.0/24');
  });

  test("LAN destination rules go to both ends for their devices' filters; the LANs are routed whole", () => {
    const model = network(2, () => []);
    const rules = [{ ip: '10.0.2.7', port: 443 }];
    const m = { ...model, links: [link(1, 1, 2, { rules })] };
    const configs = computeConfigs(m);
    const a = configs.get('d1')!.peers[0]!;
    const b = configs.get('d2')!.peers[0]!;
    // Answers from 10.0.2.7 to any host of site 1 must route back: both LANs whole.
    expect(a.allowedIps).toContain('10.0.2.0/24');
    expect(b.allowedIps).toContain('10.0.1.0/24');
    expect(a.rules).toEqual(rules);
    expect(b.rules).toEqual(rules);
  });

  test('adding a spoke touches the hub and the new spoke only', () => {
    const model = network(50, hubAndSpoke);
    const before = hashes(computeConfigs(model));
    const after = computeConfigs(withSite(model, [1], '100.127.0.1'));
    const { send, off } = changedConfigs(before, after);
    expect([...send.keys()].sort()).toEqual(['d1', 'd51']);
    expect(off).toEqual([]);
  });

  test('adding a site to a full mesh touches every node that peers with it, and changing nothing touches none', () => {
    const model = network(12, fullMesh);
    const before = hashes(computeConfigs(model));
    expect(changedConfigs(before, computeConfigs(model)).send.size).toBe(0);
    const after = computeConfigs(withSite(model, [1, 2, 3], '100.127.0.1'));
    expect([...changedConfigs(before, after).send.keys()].sort()).toEqual(['d1', 'd13', 'd2', 'd3']);
  });

  test('deleting a link touches its two ends; a removed node is turned off', () => {
    const model = network(4, fullMesh);
    const before = hashes(computeConfigs(model));
    const fewer = { ...model, links: model.links.filter((l) => !(l.siteA === 1 && l.siteB === 2)) };
    expect([...changedConfigs(before, computeConfigs(fewer)).send.keys()].sort()).toEqual(['d1', 'd2']);
    const gone = { ...model, nodes: model.nodes.filter((n) => n.deviceId !== 'd4') };
    const { send, off } = changedConfigs(before, computeConfigs(gone));
    expect(off).toEqual(['d4']);
    expect([...send.keys()].sort()).toEqual(['d1', 'd2', 'd3']);
  });

  test('a standby node of a site carries no links; the exit node carries the site internet traffic', () => {
    const model = network(2, () => [[1, 2]]);
    const standby = node('d1b', 1, '100.64.5.5', publicKey());
    const m = {
      ...model,
      nodes: [...model.nodes, standby],
      sites: model.sites.map((s) => (s.id === 1 ? { ...s, exitNodeId: 'd2' } : s)),
    };
    const configs = computeConfigs(m);
    expect(configs.get('d1b')!.peers).toEqual([]);
    const a = configs.get('d1')!;
    expect(a.exitVia).toBe(m.nodes[1]!.publicKey);
    expect(a.peers[0]!.allowedIps).toContain('0.0.0.0/0');
    expect(configs.get('d2')!.forward).toBe(true);
  });

  test("an exit reached over a relayed link: the relay passes the site LANs' internet traffic on to the exit", () => {
    const model = network(3, () => []);
    const relay = node('r', null, '100.64.9.9', publicKey());
    const m = {
      ...model,
      nodes: [...model.nodes, relay],
      links: [link(1, 1, 2, { relayId: 'r', mode: 'relayed' }), link(2, 3, 2, { relayId: 'r' })],
      sites: model.sites.map((s) => (s.id !== 2 ? { ...s, exitNodeId: 'd2' } : s)),
    };
    const configs = computeConfigs(m);
    const exitKey = m.nodes[1]!.publicKey;
    // Site 1 keeps its link's relayed path for the default route too.
    const toExit = configs.get('d1')!.peers.find((p) => p.name === 'd2')!;
    expect(toExit).toMatchObject({ relay: relay.publicKey, relayOnly: true, endpoint: null });
    expect(toExit.allowedIps).toContain('0.0.0.0/0');
    // The relay sends what comes from sites 1 and 3 on to the exit; its own traffic keeps its own routes.
    const r = configs.get('r')!;
    expect(r.exitVia).toBe(exitKey);
    expect(r.exitLans).toEqual(['10.0.1.0/24', '10.0.3.0/24']);
    expect(r.lans).toEqual([]);
    expect(r.peers.find((p) => p.name === 'd2')!.allowedIps).toContain('0.0.0.0/0');
    expect(r.peers.find((p) => p.name === 'd1')!.allowedIps).not.toContain('0.0.0.0/0');
    expect(configs.get('d2')!.exitFor).toEqual(['10.0.1.0/24', '10.0.3.0/24']);
  });

  test("multi-addresses: a peer's every address goes with it, in order; a relayed link gives none", () => {
    const model = network(2, () => []);
    const b = { ...model.nodes[1]!, endpoints: ['192.0.2.9:51820', '198.51.100.9:51820'] };
    b.endpoint = b.endpoints[0]!;
    const m = { ...model, nodes: [model.nodes[0]!, b], links: [link(1, 1, 2)] };
    const peer = computeConfigs(m).get('d1')!.peers[0]!;
    expect(peer.endpoint).toBe('192.0.2.9:51820');
    expect(peer.endpoints).toEqual(['192.0.2.9:51820', '198.51.100.9:51820']);
    const relay = node('r', null, '100.64.9.9', publicKey());
    const relayed = {
      ...m,
      nodes: [...m.nodes, relay],
      links: [link(1, 1, 2, { relayId: 'r', mode: 'relayed' })],
    };
    const onRelay = computeConfigs(relayed)
      .get('d1')!
      .peers.find((p) => p.name === 'd2')!;
    expect(onRelay).toMatchObject({ endpoint: null, endpoints: [] });
  });
});
