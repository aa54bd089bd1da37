/** The device's own relay fallback rule and the WireGuard control socket's answers, without WireGuard. */
import { describe, expect, test } from 'vitest';
import type { OverlayConfig, OverlayPeer } from '@edge/protocol';
import {
  DIRECT_STALE_MS,
  ENDPOINT_TRY_MS,
  candidatesOf,
  effectiveAllowedIps,
  nextEndpoint,
  pathOf,
  usesRelay,
} from './overlay-paths.ts';
import { lanRuleLines } from './overlay-rules.ts';
import { parseUapiDump } from './wg-control.ts';
import { keyHex, makeKeys } from './wg-keys.ts';

const relayKey = makeKeys().publicKey;
const peer = (extra: Partial<OverlayPeer> = {}): OverlayPeer => ({
  name: 'b',
  publicKey: makeKeys().publicKey,
  address: '100.64.0.2',
  endpoint: '192.0.2.2:51820',
  endpoints: [],
  allowedIps: ['100.64.0.2/32', '10.2.0.0/24'],
  relay: relayKey,
  relayOnly: false,
  rateLimitMbps: null,
  rules: [],
  ...extra,
});

describe('relay fallback', () => {
  const configuredAt = 0;
  const late = DIRECT_STALE_MS * 3;

  test('freshly configured, the direct path gets its chance first', () => {
    const p = peer();
    expect(usesRelay(p, new Map(), 1000, configuredAt)).toBe(false);
    expect(pathOf(p, new Map(), 1000, configuredAt)).toBe('direct');
  });

  test('a quiet direct path moves the peer onto a live relay, and back when it wakes', () => {
    const p = peer();
    const heard = new Map([[relayKey, late - 1000]]);
    expect(usesRelay(p, heard, late, configuredAt)).toBe(true);
    expect(pathOf(p, heard, late, configuredAt)).toBe('relay');
    heard.set(p.publicKey, late - 500);
    expect(pathOf(p, heard, late, configuredAt)).toBe('direct');
  });

  test('neither path heard from: none; a relayed-only link never goes direct', () => {
    expect(pathOf(peer(), new Map(), late, configuredAt)).toBe('none');
    const only = peer({ relayOnly: true });
    expect(usesRelay(only, new Map([[only.publicKey, late]]), late, configuredAt)).toBe(true);
  });

  test('the relay takes over the allowed IPs of peers on it; the direct peer keeps none', () => {
    const p = peer();
    const relay = peer({ name: 'r', publicKey: relayKey, allowedIps: ['100.64.0.9/32'], relay: null });
    const config = { peers: [p, relay] } as OverlayConfig;
    const onRelay = effectiveAllowedIps(config, () => true);
    expect(onRelay.get(p.publicKey)).toEqual([]);
    expect(onRelay.get(relayKey)).toEqual(['10.2.0.0/24', '100.64.0.2/32', '100.64.0.9/32']);
    const direct = effectiveAllowedIps(config, () => false);
    expect(direct.get(p.publicKey)).toEqual(['10.2.0.0/24', '100.64.0.2/32']);
    expect(direct.get(relayKey)).toEqual(['100.64.0.9/32']);
  });
});

test("wireguard-go's UAPI get answer becomes peers with base64 keys and counters", () => {
  const key = makeKeys();
  const dump = parseUapiDump(
    [
      `private_key=${keyHex(makeKeys().privateKey)}`,
      'listen_port=51820',
      `public_key=${keyHex(key.publicKey)}`,
      'endpoint=192.0.2.2:51820',
      'last_handshake_time_sec=1764150000',
      'rx_bytes=1480',
      'tx_bytes=2960',
      'allowed_ip=100.64.0.2/32',
      'allowed_ip=10.2.0.0/24',
      'errno=0',
      '',
    ].join('\n'),
  );
  expect(dump).toEqual([
    {
      publicKey: key.publicKey,
      endpoint: '192.0.2.2:51820',
      latestHandshake: 1764150000,
      rxBytes: 1480,
      txBytes: 2960,
      allowedIps: ['100.64.0.2/32', '10.2.0.0/24'],
    },
  ]);
});

describe('LAN destination rules on the device', () => {
  const withRules = (rules: OverlayPeer['rules'], extra: Partial<OverlayPeer> = {}): OverlayConfig => ({
    enabled: true,
    address: '100.64.0.1/32',
    listenPort: 51820,
    onBoot: true,
    forward: true,
    lans: ['10.1.0.0/24'],
    exitVia: null,
    exitLans: [],
    exitFor: [],
    peers: [peer({ rules, ...extra })],
  });

  test('no rules: no filter at all', () => {
    expect(lanRuleLines(withRules([]))).toEqual([]);
  });

  test("only the rules' destinations on the peer's side pass, on their ports; the rest of its LANs is dropped", () => {
    const lines = lanRuleLines(
      withRules([
        { ip: '10.2.0.7', port: 443 },
        { ip: '10.2.0.8', port: null },
        // This side's LAN: the other end enforces it.
        { ip: '10.1.0.9', port: 22 },
      ]),
    );
    expect(lines).toEqual([
      ['-m', 'conntrack', '--ctstate', 'ESTABLISHED,RELATED', '-j', 'ACCEPT'],
      ['-d', '10.2.0.7', '-p', 'tcp', '--dport', '443', '-j', 'ACCEPT'],
      ['-d', '10.2.0.7', '-p', 'udp', '--dport', '443', '-j', 'ACCEPT'],
      ['-d', '10.2.0.8', '-j', 'ACCEPT'],
      ['-d', '10.2.0.0/24', '-j', 'DROP'],
    ]);
  });

  test("an exit's default route and the peer's tunnel address are never dropped", () => {
    const lines = lanRuleLines(
      withRules([{ ip: '10.2.0.7', port: 80 }], {
        allowedIps: ['100.64.0.2/32', '10.2.0.0/24', '0.0.0.0/0'],
      }),
    );
    expect(lines.filter((l) => l.includes('DROP'))).toEqual([['-d', '10.2.0.0/24', '-j', 'DROP']]);
  });
});

describe('multi-addresses', () => {
  const candidates = ['192.0.2.2:51820', '198.51.100.2:51820', '203.0.113.2:51820'];

  test("a peer's addresses in the console's order, or its one endpoint", () => {
    expect(candidatesOf(peer({ endpoints: candidates }))).toEqual(candidates);
    expect(candidatesOf(peer())).toEqual(['192.0.2.2:51820']);
    expect(candidatesOf(peer({ endpoint: null }))).toEqual([]);
  });

  test('each address gets its time, then the next, round and round while none answers', () => {
    const key = 'k';
    const trial = { candidates, index: 0, since: 1000 };
    expect(nextEndpoint(trial, new Map(), key, 1000 + ENDPOINT_TRY_MS - 1)).toBeUndefined();
    expect(nextEndpoint(trial, new Map(), key, 1000 + ENDPOINT_TRY_MS)).toBe(1);
    expect(nextEndpoint({ ...trial, index: 2 }, new Map(), key, 1000 + ENDPOINT_TRY_MS)).toBe(0);
  });

  test('a peer that shows life keeps its address; one address alone is never changed', () => {
    const late = 100_000;
    expect(nextEndpoint({ candidates, index: 1, since: 0 }, new Map([['k', late - 1000]]), 'k', late)).toBe(
      undefined,
    );
    // Quiet for longer than a direct path stays alive: trying goes on.
    expect(
      nextEndpoint({ candidates, index: 1, since: 0 }, new Map([['k', late - DIRECT_STALE_MS]]), 'k', late),
    ).toBe(2);
    expect(
      nextEndpoint({ candidates: candidates.slice(0, 1), index: 0, since: 0 }, new Map(), 'k', late),
    ).toBe(undefined);
  });
});
