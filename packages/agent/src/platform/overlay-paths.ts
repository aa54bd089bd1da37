/**
 * Relay fallback, decided by the device itself: a peer with a relay is reached directly while its direct
 * path shows life (bytes received within DIRECT_STALE_MS, inside a WireGuard session: keepalives every
 * SDWAN_KEEPALIVE_S; handshake initiations alone are no life, linux-overlay.ts), otherwise
 * its allowed IPs move onto the relay peer, which forwards them. Pure, so the rule is tested without
 * WireGuard. The same rule serves the simulator's overlay.
 */
import type { OverlayConfig, OverlayPeer, SdwanPath } from '@edge/protocol';

export const DIRECT_STALE_MS = 15_000;

/** Per peer (public key): when its received bytes last grew. */
export type LastHeard = Map<string, number>;

export const alive = (heard: LastHeard, key: string, now: number): boolean =>
  now - (heard.get(key) ?? -Infinity) < DIRECT_STALE_MS;

/** Whether traffic for the peer goes through its relay now (routing). */
export function usesRelay(peer: OverlayPeer, heard: LastHeard, now: number, configuredAt: number): boolean {
  if (!peer.relay) return false;
  if (peer.relayOnly) return true;
  // Freshly configured: the direct path gets its chance first.
  return now - configuredAt >= DIRECT_STALE_MS && !alive(heard, peer.publicKey, now);
}

/** The path each configured peer takes now, as reported: none when neither path shows life. */
export function pathOf(peer: OverlayPeer, heard: LastHeard, now: number, configuredAt: number): SdwanPath {
  if (!usesRelay(peer, heard, now, configuredAt)) {
    const fresh = now - configuredAt < DIRECT_STALE_MS;
    return alive(heard, peer.publicKey, now) || fresh ? 'direct' : 'none';
  }
  return alive(heard, peer.relay!, now) || now - configuredAt < DIRECT_STALE_MS ? 'relay' : 'none';
}

/**
 * The allowed IPs each WireGuard peer gets for the chosen paths: a peer on its relay keeps none (its
 * keepalives still probe the direct path), the relay takes them over. Keys are public keys.
 */
export function effectiveAllowedIps(
  config: OverlayConfig,
  usesRelay: (peer: OverlayPeer) => boolean,
): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const peer of config.peers) if (!out.has(peer.publicKey)) out.set(peer.publicKey, []);
  for (const peer of config.peers) {
    const target = peer.relay && usesRelay(peer) ? peer.relay : peer.publicKey;
    const list = out.get(target) ?? [];
    for (const ip of peer.allowedIps) if (!list.includes(ip)) list.push(ip);
    out.set(target, list);
  }
  for (const list of out.values()) list.sort();
  return out;
}

/** How long one of a peer's addresses gets for a handshake before the next one is tried. */
export const ENDPOINT_TRY_MS = 8000;

/** A peer's addresses (multi-addresses) and the one tried now, since when. */
export interface EndpointTrial {
  candidates: string[];
  index: number;
  since: number;
}

/** Every address a peer may be reached at, in the order the console gave them. */
export const candidatesOf = (peer: OverlayPeer): string[] =>
  peer.endpoints.length ? peer.endpoints : peer.endpoint ? [peer.endpoint] : [];

/**
 * The address to try next for a peer, or undefined to keep the one it has: a peer that shows life keeps
 * its address (the one tried, or one WireGuard learned when the peer reached us from elsewhere), and each
 * address gets ENDPOINT_TRY_MS for a handshake before the next one, round and round while none answers.
 */
export function nextEndpoint(
  trial: EndpointTrial,
  heard: LastHeard,
  key: string,
  now: number,
): number | undefined {
  if (trial.candidates.length < 2) return undefined;
  if (alive(heard, key, now) || now - trial.since < ENDPOINT_TRY_MS) return undefined;
  return (trial.index + 1) % trial.candidates.length;
}
